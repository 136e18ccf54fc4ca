import { profileChangeSchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { changeProfile, clientMe } from '../services/profile';

export const handler = route({ auth: 'client', body: profileChangeSchema }, async ({ principal, body }) => {
  const user = await changeProfile(principal, body);
  return {
    result: await clientMe(principal, user),
    message: 'Profile updated',
    activity: { component: 'User', componentId: principal.userId, activity: 'Updated own profile' },
  };
});
