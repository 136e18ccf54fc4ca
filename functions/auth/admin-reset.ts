import { resetSchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { completeReset } from '../services/auth';

export const handler = route({ auth: 'public', body: resetSchema }, async ({ body }) => {
  await completeReset('admin', body.email, body.token, body.password);
  return { message: 'Password reset success' };
});
