import { route } from '../http/route';
import { authRoutes } from './routes';
import { logout } from '../services/auth';

export const handler = route(authRoutes['admin-logout'], async ({ principal }) => {
  await logout(principal, undefined);
  return { message: 'Logged out' };
});
