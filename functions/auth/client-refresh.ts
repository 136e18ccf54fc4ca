import { route } from '../http/route';
import { loginResult, readCookie, refresh, refreshCookieName } from '../services/auth';

export const handler = route({ auth: 'public' }, async ({ event }) => ({
  result: loginResult(await refresh(readCookie(event.cookies, refreshCookieName))),
}));
