import { route } from '../http/route';
import { authRoutes } from './routes';
import { login, signInAnswer } from '../services/auth';

export const handler = route(authRoutes['client-login'], async ({ body }) =>
  signInAnswer('client', await login('client', body.email, body.password)),
);
