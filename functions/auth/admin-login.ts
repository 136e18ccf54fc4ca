import { loginSchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { login, loginResult } from '../services/auth';

export const handler = route({ auth: 'public', body: loginSchema }, async ({ body }) => ({
  result: loginResult(await login('admin', body.email, body.password)),
}));
