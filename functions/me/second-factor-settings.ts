import type { MfaSetup } from '@shared/schemas/auth';
import { getAdmin } from '@core/people/admin-store';
import { disableSecondFactor, enableSecondFactor, keepSetupSecret, removeSecondFactor } from '../auth';
import type { Owner } from '@core/auth/session-store';
import { Conflict, Forbidden, Invalid, NotFound } from '@core/errors';
import type { AdminPrincipal, ClientPrincipal } from '@core/auth/principal';
import { refuseImpersonation } from '../auth';
import { fullName } from '@core/people/names';
import { newSecret, openSecret, otpauthUri, stepOf } from '../auth';

/**
 * Who changes a second factor, besides signing in with it (functions/auth/second-factor.ts):
 * a super admin resets another's, so that their next sign-in sets one up again (a lost phone);
 * a client user turns their own on and off from the profile.
 */

/**
 * POST /admin/admins/{id}/mfa/reset: takes the admin's second factor away and ends their
 * sessions, logged. Not one's own: a session alone must not be enough to replace the factor.
 */
export async function resetAdminSecondFactor(principal: AdminPrincipal, adminId: string): Promise<void> {
  const admin = await getAdmin(adminId);
  if (!admin) throw new NotFound('Admin user');
  if (adminId === principal.adminId) {
    throw new Forbidden('You cannot reset your own two-factor authentication');
  }
  await removeSecondFactor(
    { area: 'admin', ownerId: adminId },
    {
      principal,
      component: 'Admin',
      componentId: adminId,
      activity: `Reset two-factor authentication of admin ${fullName(admin)}`,
    },
  );
}

const ownerOf = (principal: ClientPrincipal): Owner => ({
  area: 'client',
  ownerId: principal.userId,
  accountId: principal.accountId,
});

const wrongCode = () =>
  new Invalid({ code: 'The code is not correct. Enter the current code from your authenticator app' });

/**
 * POST /client/me/mfa/setup: a new secret for the user's authenticator app, kept (sealed) until
 * a code of it turns two-factor authentication on. Refused while it is on (409) and while acting
 * as the user (403).
 */
export async function setUpSecondFactor(principal: ClientPrincipal): Promise<MfaSetup> {
  refuseImpersonation(principal, 'two-factor authentication');
  if (principal.user.mfa_secret) throw new Conflict('Two-factor authentication is already on');
  const owner = ownerOf(principal);
  const { secret, sealed } = await newSecret(owner);
  await keepSetupSecret(owner, sealed);
  return { otpauth_uri: otpauthUri(secret, 'client', principal.email), secret };
}

/**
 * POST /client/me/mfa/enable: a code of the secret set up turns two-factor authentication on;
 * every session ends (the next sign-in asks for a code), logged.
 */
export async function enableOwnSecondFactor(principal: ClientPrincipal, code: string): Promise<void> {
  refuseImpersonation(principal, 'two-factor authentication');
  const { user } = principal;
  if (user.mfa_secret) throw new Conflict('Two-factor authentication is already on');
  if (!user.mfa_setup_secret) {
    throw new Conflict('Set up two-factor authentication first: add the new key to your authenticator app');
  }
  const owner = ownerOf(principal);
  const step = stepOf(await openSecret(user.mfa_setup_secret, owner), code);
  if (step === undefined) throw wrongCode();
  await enableSecondFactor(owner, user, step, {
    principal,
    component: 'User',
    componentId: principal.userId,
    activity: 'Turned on two-factor authentication',
  });
}

/**
 * POST /client/me/mfa/disable: a current code of the user's secret turns two-factor
 * authentication off, logged; the sessions go on.
 */
export async function disableOwnSecondFactor(principal: ClientPrincipal, code: string): Promise<void> {
  refuseImpersonation(principal, 'two-factor authentication');
  const { user } = principal;
  if (!user.mfa_secret) throw new Conflict('Two-factor authentication is not on');
  const step = stepOf(await openSecret(user.mfa_secret, ownerOf(principal)), code);
  if (step === undefined) throw wrongCode();
  if (step <= (user.mfa_last_step ?? -1)) {
    throw new Invalid({
      code: 'This code has been used already. Wait for the next code from your authenticator app',
    });
  }
  await disableSecondFactor(ownerOf(principal), user, {
    principal,
    component: 'User',
    componentId: principal.userId,
    activity: 'Turned off two-factor authentication',
  });
}
