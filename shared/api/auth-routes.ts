import {
  loginResultSchema,
  loginSchema,
  mfaAnswerSchema,
  signInResultSchema,
  recoverySchema,
  resetSchema,
  socialConfigSchema,
  socialLoginSchema,
} from '../schemas/auth';
import { noResult } from '../schemas/common';
import { defineRoutes } from './contract';

/** Sign-in (with a password or a social provider), recovery and reset (docs/product/admin-and-auth.md §7 "Authentication"). */
export const authRoutes = defineRoutes('auth', {
  'client-login': {
    method: 'POST',
    path: '/client/auth/login',
    auth: 'public',
    summary:
      'Signs a client user in; the refresh token comes back as an httpOnly cookie. A user with two-factor authentication gets the challenge of POST /client/auth/mfa instead',
    body: loginSchema,
    response: signInResultSchema,
    errors: [401, 403, 429],
  },
  'admin-login': {
    method: 'POST',
    path: '/admin/auth/login',
    auth: 'public',
    summary:
      "Checks a super admin's password and answers the challenge of POST /admin/auth/mfa: a code from the authenticator app, or setting one up first",
    body: loginSchema,
    response: signInResultSchema,
    errors: [401, 403, 429],
  },
  'client-mfa': {
    method: 'POST',
    path: '/client/auth/mfa',
    auth: 'public',
    summary:
      'Completes a client sign-in with a code from the authenticator app; the refresh token comes back as an httpOnly cookie',
    body: mfaAnswerSchema,
    response: loginResultSchema,
    errors: [401, 403, 429],
  },
  'admin-mfa': {
    method: 'POST',
    path: '/admin/auth/mfa',
    auth: 'public',
    summary:
      "Completes a super admin's sign-in with a code from the authenticator app (setting it up, the first code of the new secret)",
    body: mfaAnswerSchema,
    response: loginResultSchema,
    errors: [401, 403, 429],
  },
  'client-logout': {
    method: 'POST',
    path: '/client/auth/logout',
    auth: 'client',
    permission: 'read',
    summary: 'Ends every session of the signed-in client user',
    response: noResult,
  },
  'admin-logout': {
    method: 'POST',
    path: '/admin/auth/logout',
    auth: 'admin',
    summary: 'Ends every session of the signed-in super admin',
    response: noResult,
  },
  'client-refresh': {
    method: 'POST',
    path: '/client/auth/refresh',
    auth: 'public',
    summary: "A new access token for the refresh token in the client's cookie",
    response: loginResultSchema,
    errors: [401],
  },
  'client-recovery': {
    method: 'POST',
    path: '/client/auth/recovery',
    auth: 'public',
    summary: 'E-mails a password-reset link; answers alike whether or not the address is known',
    body: recoverySchema,
    response: noResult,
  },
  'admin-recovery': {
    method: 'POST',
    path: '/admin/auth/recovery',
    auth: 'public',
    summary: 'E-mails a password-reset link to a super admin',
    body: recoverySchema,
    response: noResult,
  },
  'client-reset': {
    method: 'POST',
    path: '/client/auth/reset',
    auth: 'public',
    summary: 'Sets a new password with the token of a reset link',
    body: resetSchema,
    response: noResult,
    errors: [400],
  },
  'admin-reset': {
    method: 'POST',
    path: '/admin/auth/reset',
    auth: 'public',
    summary: "Sets a super admin's new password with the token of a reset link",
    body: resetSchema,
    response: noResult,
    errors: [400],
  },
  'client-social-config': {
    method: 'GET',
    path: '/client/auth/social',
    auth: 'public',
    summary: 'The social providers of the client login and where to send the person to sign in',
    response: socialConfigSchema,
  },
  'admin-social-config': {
    method: 'GET',
    path: '/admin/auth/social',
    auth: 'public',
    summary: 'The social providers of the admin login and where to send the person to sign in',
    response: socialConfigSchema,
  },
  'client-social-login': {
    method: 'POST',
    path: '/client/auth/socialLogin',
    auth: 'public',
    summary:
      "Signs a client user in with a social provider's authorization code; the refresh token comes back as an httpOnly cookie. A user with two-factor authentication gets the challenge of POST /client/auth/mfa instead",
    body: socialLoginSchema,
    response: signInResultSchema,
    errors: [401, 403, 409],
  },
  'admin-social-login': {
    method: 'POST',
    path: '/admin/auth/socialLogin',
    auth: 'public',
    summary:
      "Checks a super admin's Google authorization code and answers the challenge of POST /admin/auth/mfa",
    body: socialLoginSchema,
    response: signInResultSchema,
    errors: [401, 403, 409],
  },
});
