import { loginSchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { login, loginResult, refreshCookie } from '../services/auth';

export const handler = route({ auth: 'public', body: loginSchema }, async ({ body }) => {
  const session = await login('client', body.email, body.password);
  return { result: loginResult(session), cookies: [refreshCookie(session.refreshToken)] };
});
