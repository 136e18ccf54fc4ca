import { route } from '../http/route';
import { logout, readCookie, refreshCookie, refreshCookieName } from '../services/auth';

export const handler = route({ auth: 'client' }, async ({ principal, event }) => {
  await logout(principal, readCookie(event.cookies, refreshCookieName));
  return { message: 'Logged out', cookies: [refreshCookie(undefined)] };
});
