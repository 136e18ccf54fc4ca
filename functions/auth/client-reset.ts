import { route } from '../http/route';
import { authRoutes } from './routes';
import { completeReset } from '../services/auth';

export const handler = route(authRoutes['client-reset'], async ({ body }) => {
  await completeReset('client', body.email, body.token, body.password);
  return { message: 'Password reset success' };
});
