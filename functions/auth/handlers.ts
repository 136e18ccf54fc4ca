import { bindHandlers } from '@core/http/handler-map';
import {
  answerChallenge,
  completeReset,
  login,
  loginResult,
  logout,
  readCookie,
  recoveryMessage,
  refresh,
  refreshCookie,
  refreshCookieName,
  sessionAnswer,
  signInAnswer,
  startRecovery,
} from './sign-in';
import { socialConfig, socialLogin } from './social-sign-in';
import { authRoutes } from '@shared/api/auth-routes';

export const handler = bindHandlers(authRoutes, {
  'admin-login': async ({ body }) => signInAnswer('admin', await login('admin', body.email, body.password)),
  'admin-logout': async ({ principal }) => {
    await logout(principal, undefined);
    return { message: 'Logged out' };
  },
  'admin-mfa': async ({ body }) =>
    sessionAnswer('admin', await answerChallenge('admin', body.mfa_token, body.code)),
  'admin-recovery': async ({ body }) => {
    await startRecovery('admin', body.email);
    return { message: recoveryMessage };
  },
  'admin-reset': async ({ body }) => {
    await completeReset('admin', body.email, body.token, body.password);
    return { message: 'Password reset success' };
  },
  'admin-social-config': async () => ({
    result: await socialConfig('admin'),
  }),
  'admin-social-login': async ({ body }) => signInAnswer('admin', await socialLogin('admin', body)),
  'client-login': async ({ body }) =>
    signInAnswer('client', await login('client', body.email, body.password)),
  'client-logout': async ({ principal, event }) => {
    await logout(principal, readCookie(event.cookies, refreshCookieName));
    return { message: 'Logged out', cookies: [refreshCookie(undefined)] };
  },
  'client-mfa': async ({ body }) =>
    sessionAnswer('client', await answerChallenge('client', body.mfa_token, body.code)),
  'client-recovery': async ({ body }) => {
    await startRecovery('client', body.email);
    return { message: recoveryMessage };
  },
  'client-refresh': async ({ event }) => ({
    result: loginResult(await refresh(readCookie(event.cookies, refreshCookieName))),
  }),
  'client-reset': async ({ body }) => {
    await completeReset('client', body.email, body.token, body.password);
    return { message: 'Password reset success' };
  },
  'client-social-config': async () => ({
    result: await socialConfig('client'),
  }),
  'client-social-login': async ({ body }) => signInAnswer('client', await socialLogin('client', body)),
});
