import { route } from '../http/route';
import { authRoutes } from './routes';
import { login, loginResult, refreshCookie } from '../services/auth';

export const handler = route(authRoutes['client-login'], async ({ body }) => {
  const session = await login('client', body.email, body.password);
  return { result: loginResult(session), cookies: [refreshCookie(session.refreshToken)] };
});
