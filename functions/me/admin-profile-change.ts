import { route } from '../http/route';
import { meRoutes } from './routes';
import { adminMe, changeProfile } from '../services/profile';

export const handler = route(meRoutes['admin-profile-change'], async ({ principal, body }) => {
  const admin = await changeProfile(principal, body);
  return {
    result: await adminMe(principal, admin),
    message: 'Profile updated',
  };
});
