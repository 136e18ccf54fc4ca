import { passwordChangeSchema } from '../../shared/schemas/auth';
import { route } from '../http/route';
import { changePassword } from '../services/auth';

export const handler = route({ auth: 'client', body: passwordChangeSchema }, async ({ principal, body }) => {
  await changePassword(principal, body.current_password, body.password);
  return { message: 'Password changed' };
});
