import { route } from '../http/route';
import { signInAnswer } from '../services/auth';
import { socialLogin } from '../services/social';
import { authRoutes } from './routes';

export const handler = route(authRoutes['admin-social-login'], async ({ body }) =>
  signInAnswer('admin', await socialLogin('admin', body)),
);
