import { route } from '../http/route';
import { logout } from '../services/auth';

export const handler = route({ auth: 'admin' }, async ({ principal }) => {
  await logout(principal, undefined);
  return { message: 'Logged out' };
});
