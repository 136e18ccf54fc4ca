import { route } from '../http/route';
import { signInAnswer } from '../services/auth';
import { socialLogin } from '../services/social';
import { authRoutes } from './routes';

export const handler = route(authRoutes['client-social-login'], async ({ body }) =>
  signInAnswer('client', await socialLogin('client', body)),
);
