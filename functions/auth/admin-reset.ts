import { route } from '../http/route';
import { authRoutes } from './routes';
import { completeReset } from '../services/auth';

export const handler = route(authRoutes['admin-reset'], async ({ body }) => {
  await completeReset('admin', body.email, body.token, body.password);
  return { message: 'Password reset success' };
});
