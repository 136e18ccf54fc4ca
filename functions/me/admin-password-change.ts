import { route } from '../http/route';
import { meRoutes } from './routes';
import { changePassword } from '../services/auth';

export const handler = route(meRoutes['admin-password-change'], async ({ principal, body }) => {
  await changePassword(principal, body.current_password, body.password);
  return { message: 'Password changed' };
});
