import { loginResultSchema, loginSchema, recoverySchema, resetSchema } from '../../shared/schemas/auth';
import { noResult } from '../../shared/schemas/common';
import { defineRoutes } from '../http/contract';

/** Sign-in, recovery and reset (admin-and-auth §7 "Authentication"). */
export const authRoutes = defineRoutes('auth', {
  'client-login': {
    method: 'POST',
    path: '/client/auth/login',
    auth: 'public',
    summary: 'Signs a client user in; the refresh token comes back as an httpOnly cookie',
    body: loginSchema,
    response: loginResultSchema,
    errors: [401, 403, 429],
  },
  'admin-login': {
    method: 'POST',
    path: '/admin/auth/login',
    auth: 'public',
    summary: 'Signs a super admin in',
    body: loginSchema,
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
});
