import { route } from '../http/route';
import { meRoutes } from './routes';
import { changeProfile, clientMe } from '../services/profile';

export const handler = route(meRoutes['client-profile-change'], async ({ principal, body }) => {
  const user = await changeProfile(principal, body);
  return {
    result: await clientMe(principal, user),
    message: 'Profile updated',
  };
});
