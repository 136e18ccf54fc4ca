import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { LoginResult, MfaChallenge, SignInResult } from '@shared/schemas/auth';
import { getAdmin } from '@core/people/admin-store';
import { db } from '@core/table/entities';
import { completeChallenge, expiredSignIn, getChallenge, usedCode, type Person } from './second-factor-store';
import type { Owner } from '@core/auth/session-store';
import { holdsLink } from '@core/people/social-store';
import { findEmailOwner, getUserAndAccount } from '@core/people/user-store';
import { env } from '@core/env';
import { BadRequest, Forbidden, Invalid, Unauthorized } from '@core/errors';
import type { Principal } from '@core/auth/principal';
import { apiTokenSeconds, clientUsername, signApiToken, type Area } from '@core/auth/tokens';
import { checkPassword, setPassword, type Session } from '@core/auth/identity';
import { escapeHtml, sendMail } from '@core/mail';
import {
  admit,
  endSessions,
  forgetAdmittedToken,
  forgetRefreshToken,
  recordRefreshToken,
  refreshTokenOrigin,
} from '@core/auth/sessions';
import { challengeHash, openSecret, secondFactorRequired, startChallenge, stepOf } from './second-factor';
import { clearFailures, takeSignInAttempt } from './throttle';

const wrongCredentials = 'Incorrect e-mail or password';
export const refreshCookieName = 'spaces_refresh';
const refreshCookiePath = '/api/v1/client/auth';

export function loginResult(session: Session): LoginResult {
  return { access_token: session.accessToken, token_type: 'bearer', expires_in: session.expiresIn };
}

/** What a first factor (a password, a social provider) leads to: a session, or a second factor to give. */
export type SignIn = { session: Session } | { challenge: MfaChallenge };

/** The answer of a route that begins a session: the token, and a client's refresh cookie. */
export function sessionAnswer(area: Area, session: Session): { result: LoginResult; cookies?: string[] } {
  return {
    result: loginResult(session),
    ...(area === 'client' ? { cookies: [refreshCookie(session.refreshToken)] } : {}),
  };
}

/** The answer of a sign-in route: a session, or the challenge of its second factor. */
export function signInAnswer(area: Area, signIn: SignIn): { result: SignInResult; cookies?: string[] } {
  return 'challenge' in signIn ? { result: signIn.challenge } : sessionAnswer(area, signIn.session);
}

/** The httpOnly cookie that carries a client's refresh token; an empty value clears it. */
export function refreshCookie(token: string | undefined): string {
  const attrs = `HttpOnly; Secure; SameSite=Strict; Path=${refreshCookiePath}`;
  return token
    ? `${refreshCookieName}=${token}; ${attrs}; Max-Age=${30 * 24 * 3600}`
    : `${refreshCookieName}=; ${attrs}; Max-Age=0`;
}

export function readCookie(cookies: string[] | undefined, name: string): string | undefined {
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name && rest.length) return rest.join('=') || undefined;
    }
  }
  return undefined;
}

/** The Cognito username of an e-mail's owner (functions/core/auth/tokens.ts). */
function usernameOf(area: Area, owner: { ownerId: string; accountId?: string }): string {
  return area === 'client' ? clientUsername(owner.accountId!, owner.ownerId) : owner.ownerId;
}

/** What a sign-in reads before asking Cognito: the person's status and session state. */
export async function loadForSignIn(area: Area, owner: { ownerId: string; accountId?: string }) {
  if (area === 'admin') {
    const admin = await getAdmin(owner.ownerId);
    return { state: admin, inactive: admin?.status !== 'Active' ? 'Your user is inactive' : undefined };
  }
  const { user, account } = await getUserAndAccount(owner.accountId!, owner.ownerId);
  const inactive =
    user?.status !== 'Active'
      ? 'Your user is inactive'
      : account?.status !== 'Active'
        ? 'Your account is inactive'
        : undefined;
  return { state: user, inactive };
}

/**
 * Signs in with e-mail and password. Repeated failures for one e-mail lock it for a while
 * (functions/auth/throttle.ts); an unknown e-mail and a wrong password answer alike. An inactive user
 * or account is told so only after the password was right. Cognito checks the password and
 * nothing more: the session is the API's own (`apiSignIn`). A person with a second factor (every
 * super admin) gets no session yet but a challenge (functions/auth/second-factor.ts), and the failures
 * counted so far stay until the code is right too.
 */
export async function login(area: Area, email: string, password: string): Promise<SignIn> {
  const attempt = await takeSignInAttempt(area, email);
  try {
    const owner = await findEmailOwner(area, email);
    const before = owner ? await loadForSignIn(area, owner) : undefined;
    const startedAt = Date.now();
    const right = owner ? await checkPassword(area, usernameOf(area, owner), password) : false;
    if (!owner || !before?.state || !right) {
      await attempt.wrong();
      throw new Unauthorized(wrongCredentials);
    }
    if (before.inactive) throw new Forbidden(before.inactive);
    if (secondFactorRequired(area, before.state)) {
      return { challenge: await startChallenge({ area, ...owner }, before.state, startedAt) };
    }
    const session = await apiSignIn({ area, ...owner }, before.state);
    await clearFailures(area, email);
    attempt.cleared();
    return { session };
  } finally {
    await attempt.release();
  }
}

const wrongCode = 'The code is not correct. Enter the current code from your authenticator app';

/**
 * The second step of a sign-in: a code of the person's secret (or, setting one up, of the new
 * secret) for the challenge the first step answered. Refused: a challenge unknown, answered,
 * expired or of another area, or one begun before the person's sessions last ended (a password
 * reset, a logout, their second factor reset) (401, 'expired'); a code not of the current step or
 * one either side (401, counted as a failed sign-in of the e-mail); a code of a step already used
 * (401). A right code begins a session of the API's own, as a social sign-in's.
 */
export async function answerChallenge(area: Area, token: string, code: string): Promise<Session> {
  const challenge = await getChallenge(challengeHash(token));
  if (!challenge || challenge.area !== area || challenge.expires_at <= Math.floor(Date.now() / 1000)) {
    throw expiredSignIn();
  }
  const attempt = await takeSignInAttempt(area, challenge.email);
  try {
    const owner: Owner = { area, ownerId: challenge.owner_id, accountId: challenge.account_id };
    const person = await loadForSignIn(area, owner);
    const state = person.state;
    if (!state || state.sessions_ended_at >= challenge.started_at) throw expiredSignIn();
    if (person.inactive) throw new Forbidden(person.inactive);
    const enrol = challenge.kind === 'enrol';
    // Someone set one up meanwhile, or it was reset: this sign-in no longer fits.
    if (enrol ? state.mfa_secret !== undefined : state.mfa_secret === undefined) throw expiredSignIn();
    const step = stepOf(await openSecret(enrol ? challenge.secret! : state.mfa_secret!, owner), code);
    if (step === undefined || step <= (state.mfa_last_step ?? -1)) {
      await attempt.wrong();
      if (step === undefined) throw new Unauthorized(wrongCode);
      throw usedCode();
    }
    await completeChallenge(challenge, owner, state, step);
    const session = await apiSignIn(owner, state, challenge.social_link);
    await clearFailures(area, challenge.email);
    attempt.cleared();
    return session;
  } finally {
    await attempt.release();
  }
}

/**
 * A session of the API's own (functions/core/auth/tokens.ts), the only kind there is, for a person
 * whose state was read before the first factor was checked: after a password, a second factor or
 * a social sign-in. A client also gets a refresh token the API keeps, so refresh, logout and
 * every "sessions end" rule hold. A session of a social sign-in names its link (`socialLink`),
 * and ends when the link goes.
 */
export async function apiSignIn(owner: Owner, state: Person, socialLink?: string): Promise<Session> {
  const startedAt = Date.now();
  const accessToken = await signApiToken({
    area: owner.area,
    username: usernameOf(owner.area, owner),
    subject: owner.ownerId,
    jti: ulid(),
    issuedAt: Math.floor(startedAt / 1000),
    socialLink,
  });
  await admit(owner, state, accessToken);
  if (owner.area === 'admin') return { accessToken, expiresIn: apiTokenSeconds };
  const refreshToken = newApiRefreshToken();
  await recordRefreshToken(
    { accountId: owner.accountId!, userId: owner.ownerId },
    refreshToken,
    startedAt,
    socialLink,
  );
  return { accessToken, refreshToken, expiresIn: apiTokenSeconds };
}

/** The refresh token of a client's session: random; the API keeps its hash (functions/core/auth/sessions.ts). */
const apiRefreshPrefix = 'api.';
function newApiRefreshToken(): string {
  return `${apiRefreshPrefix}${randomBytes(32).toString('base64url')}`;
}

/** A new session token of the API's own (a refresh). */
async function apiSession(accountId: string, userId: string, socialLink?: string): Promise<Session> {
  const accessToken = await signApiToken({
    area: 'client',
    username: clientUsername(accountId, userId),
    subject: userId,
    jti: ulid(),
    issuedAt: Math.floor(Date.now() / 1000),
    socialLink,
  });
  return { accessToken, expiresIn: apiTokenSeconds };
}

/**
 * A new access token for a client's refresh token, unless the sessions ended after the sign-in
 * that issued it or the user or account is no longer active.
 */
export async function refresh(refreshToken: string | undefined): Promise<Session> {
  const ended = new Unauthorized('Your session has ended. Please log in again');
  if (!refreshToken) throw ended;
  const origin = await refreshTokenOrigin(refreshToken);
  const { user, account } = await getUserAndAccount(origin.account_id, origin.user_id);
  if (!user || origin.started_at <= user.sessions_ended_at) throw ended;
  // A deactivation of the account ended its sessions too, even once it is active again.
  if (origin.started_at <= (account?.sessions_ended_at ?? 0)) throw ended;
  if (user.status !== 'Active' || account?.status !== 'Active') throw ended;
  // A social sign-in's session refreshes while its link holds.
  if (origin.social_link && !holdsLink(user, origin.social_link)) throw ended;
  const session = await apiSession(user.account_id, user.user_id, origin.social_link);
  await admit(
    { area: 'client', ownerId: user.user_id, accountId: user.account_id },
    user,
    session.accessToken,
  );
  return session;
}

/**
 * Ends every session of the principal; the refresh token of this one is forgotten.
 * A super admin acting as a user ends only that impersonation, not the user's own sessions.
 */
export async function logout(principal: Principal, refreshToken: string | undefined): Promise<void> {
  if (principal.kind === 'client' && principal.impersonatedBy) {
    await forgetAdmittedToken(ownerOf(principal), principal.user, principal.tokenId!);
    return;
  }
  await endSessions(ownerOf(principal));
  if (principal.kind === 'client' && refreshToken) await forgetRefreshToken(refreshToken);
}

function ownerOf(principal: Principal): Owner {
  return principal.kind === 'client'
    ? { area: 'client', ownerId: principal.userId, accountId: principal.accountId }
    : { area: 'admin', ownerId: principal.adminId };
}

const resetTtlSeconds = 60 * 60;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const recoveryMessage =
  'If an account exists for this e-mail address, a link to reset the password has been sent to it.';

/**
 * A new reset token of an e-mail address: the item to store (its SHA-256 only, one per address,
 * replacing an older one) and the link to the reset page that carries the token. Token and e-mail
 * travel in the link's fragment, which the browser never sends: no access log or `Referer` sees
 * them (docs/architecture.md "Sign-in").
 */
export function newResetToken(area: Area, email: string, validSeconds: number) {
  const token = randomBytes(32).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const record = {
    area,
    email,
    token_hash: hash(token),
    expires_at: now + validSeconds,
    ttl: now + validSeconds,
  };
  const path = area === 'admin' ? '/admin/password-reset' : '/password-reset';
  return { record, link: `${env().APP_URL}${path}#${new URLSearchParams({ token, email }).toString()}` };
}

/** E-mails a one-hour reset link when the address belongs to a user; answers alike either way. */
export async function startRecovery(area: Area, email: string): Promise<void> {
  const owner = await findEmailOwner(area, email);
  if (!owner) return;
  const { record, link } = newResetToken(area, email, resetTtlSeconds);
  await db().entities.resetToken.put(record).go();
  await sendMail({
    to: email,
    subject: 'Reset your Spaces password',
    text: `Someone asked to reset the password of your Spaces account.\n\nReset it here within an hour: ${link}\n\nIf it was not you, ignore this e-mail.`,
    html: `<p>Someone asked to reset the password of your Spaces account.</p><p><a href="${escapeHtml(link)}">Reset your password</a> within an hour.</p><p>If it was not you, ignore this e-mail.</p>`,
  });
}

/** Sets a new password with a reset token; the token works once. */
export async function completeReset(
  area: Area,
  email: string,
  token: string,
  password: string,
): Promise<void> {
  const { data } = await db().entities.resetToken.get({ area, email }).go({ consistent: true });
  const now = Math.floor(Date.now() / 1000);
  if (!data || data.token_hash !== hash(token) || data.expires_at < now) {
    throw new BadRequest('This password reset link is invalid or has expired');
  }
  const owner = await findEmailOwner(area, email);
  if (!owner) throw new BadRequest('This password reset link is invalid or has expired');
  await db().entities.resetToken.delete({ area, email }).go();
  await setPassword(area, usernameOf(area, owner), password);
  await clearFailures(area, email);
  await endSessions({ area, ...owner });
}

/** Changes the principal's password after checking the current one; every session ends. */
export async function changePassword(principal: Principal, current: string, next: string): Promise<void> {
  refuseImpersonation(principal, 'password');
  const area: Area = principal.kind;
  const username =
    principal.kind === 'client' ? clientUsername(principal.accountId, principal.userId) : principal.adminId;
  if (!(await checkPassword(area, username, current))) {
    throw new Invalid({ current_password: 'The current password is incorrect' });
  }
  await setPassword(area, username, next);
  await endSessions(ownerOf(principal));
}

/**
 * What a super admin acting as a user may not do in their name: change their password, PIN or
 * two-factor authentication.
 */
export function refuseImpersonation(
  principal: Principal,
  what: 'password' | 'PIN' | 'two-factor authentication' | 'linked sign-ins',
): void {
  if (principal.kind === 'client' && principal.impersonatedBy) {
    throw new Forbidden(`The ${what} cannot be changed while acting as the user`);
  }
}
