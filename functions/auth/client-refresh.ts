import { route } from '../http/route';
import { authRoutes } from './routes';
import { loginResult, readCookie, refresh, refreshCookieName } from '../services/auth';

export const handler = route(authRoutes['client-refresh'], async ({ event }) => ({
  result: loginResult(await refresh(readCookie(event.cookies, refreshCookieName))),
}));
