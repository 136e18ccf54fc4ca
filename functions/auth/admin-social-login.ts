import { route } from '../http/route';
import { loginResult } from '../services/auth';
import { socialLogin } from '../services/social';
import { authRoutes } from './routes';

export const handler = route(authRoutes['admin-social-login'], async ({ body }) => ({
  result: loginResult(await socialLogin('admin', body)),
}));
