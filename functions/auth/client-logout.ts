import { route } from '../http/route';
import { authRoutes } from './routes';
import { logout, readCookie, refreshCookie, refreshCookieName } from '../services/auth';

export const handler = route(authRoutes['client-logout'], async ({ principal, event }) => {
  await logout(principal, readCookie(event.cookies, refreshCookieName));
  return { message: 'Logged out', cookies: [refreshCookie(undefined)] };
});
