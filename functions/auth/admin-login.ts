import { route } from '../http/route';
import { authRoutes } from './routes';
import { login, signInAnswer } from '../services/auth';

export const handler = route(authRoutes['admin-login'], async ({ body }) =>
  signInAnswer('admin', await login('admin', body.email, body.password)),
);
