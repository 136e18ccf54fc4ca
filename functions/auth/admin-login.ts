import { route } from '../http/route';
import { authRoutes } from './routes';
import { login, loginResult } from '../services/auth';

export const handler = route(authRoutes['admin-login'], async ({ body }) => ({
  result: loginResult(await login('admin', body.email, body.password)),
}));
