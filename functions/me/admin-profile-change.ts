import { profileChangeSchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { adminMe, changeProfile } from '../services/profile';

export const handler = route({ auth: 'admin', body: profileChangeSchema }, async ({ principal, body }) => {
  const admin = await changeProfile(principal, body);
  return {
    result: await adminMe(principal, admin),
    message: 'Profile updated',
    activity: { component: 'Admin', componentId: principal.adminId, activity: 'Updated own profile' },
  };
});
