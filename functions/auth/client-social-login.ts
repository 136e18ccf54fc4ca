import { route } from '../http/route';
import { loginResult, refreshCookie } from '../services/auth';
import { socialLogin } from '../services/social';
import { authRoutes } from './routes';

export const handler = route(authRoutes['client-social-login'], async ({ body }) => {
  const session = await socialLogin('client', body);
  return { result: loginResult(session), cookies: [refreshCookie(session.refreshToken)] };
});
