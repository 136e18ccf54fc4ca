import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { MfaChallenge } from '@shared/schemas/auth';
import type { SignInChallengeItem } from '@core/table/entities';
import { putChallenge, type Person } from './second-factor-store';
import type { Owner } from '@core/auth/session-store';
import type { Area } from '@core/auth/tokens';
import { open, seal } from '@core/vault';

/**
 * The second factor: TOTP (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps), verified by the API
 * with `otpauth` (docs/decisions.md "Two-factor authentication"). Super admins must have one; a
 * client user may turn it on. The secret is kept sealed on the person's item
 * (functions/core/vault.ts, bound to the person); a code is accepted for the current step or
 * one either side (clocks drift, people type slowly), and each step's code once: a code for a
 * step not after the last one accepted is refused (RFC 6238, section 5.2).
 */

export const totp = { digits: 6, periodSeconds: 30, window: 1 } as const;

/** How long a sign-in waits for its second factor: a code, or setting up an app first. */
const challengeSeconds = { code: 5 * 60, enrol: 15 * 60 } as const;

/** Whether a sign-in of this person needs a code: every super admin, and who turned it on. */
export function secondFactorRequired(area: Area, person: Person): boolean {
  return area === 'admin' || person.mfa_secret !== undefined;
}

/** The vault's context of a person's secret: whose it is. */
function sealContext(owner: Owner) {
  return {
    purpose: 'secondFactor',
    owner: owner.area === 'client' ? `client/${owner.accountId}/${owner.ownerId}` : `admin/${owner.ownerId}`,
  };
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32, and sealed for `owner`. */
export async function newSecret(owner: Owner): Promise<{ secret: string; sealed: string }> {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, sealed: await seal(secret, sealContext(owner)) };
}

export function openSecret(sealed: string, owner: Owner): Promise<string> {
  return open(sealed, sealContext(owner));
}

const totpOf = (secret: string, area: Area, email: string) =>
  new TOTP({
    issuer: area === 'admin' ? 'Spaces Admin' : 'Spaces',
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: totp.digits,
    period: totp.periodSeconds,
  });

/** What an authenticator app reads from the QR code: `otpauth://totp/<issuer>:<email>?secret=…`. */
export function otpauthUri(secret: string, area: Area, email: string): string {
  return totpOf(secret, area, email).toString();
}

/**
 * The time step whose code `code` is (the current one or one either side), or undefined when it
 * is none of them. Whether that step was used already is for the caller to check.
 */
export function stepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const otp = totpOf(secret, 'client', '');
  const delta = otp.validate({ token: code, timestamp: now, window: totp.window });
  return delta === null ? undefined : otp.counter({ timestamp: now }) + delta;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export { hashOf as challengeHash };

/**
 * Starts the second step of a sign-in whose first factor was right: a challenge item the browser
 * names by a random token, for a code of the person's secret, or, for a super admin who has none
 * yet, for a code of a new secret the answer gives (QR code and text).
 */
export async function startChallenge(
  owner: Owner,
  person: Person,
  startedAt: number,
  socialLink?: string,
): Promise<MfaChallenge> {
  const token = randomBytes(32).toString('base64url');
  const enrol = person.mfa_secret === undefined;
  const fresh = enrol ? await newSecret(owner) : undefined;
  const seconds = enrol ? challengeSeconds.enrol : challengeSeconds.code;
  const expiresAt = Math.floor(startedAt / 1000) + seconds;
  const challenge: SignInChallengeItem = {
    token_hash: hashOf(token),
    area: owner.area,
    owner_id: owner.ownerId,
    account_id: owner.accountId,
    email: person.email,
    kind: enrol ? 'enrol' : 'code',
    secret: fresh?.sealed,
    started_at: startedAt,
    social_link: socialLink,
    expires_at: expiresAt,
    // DynamoDB removes expired items within days; the expiry above is what counts.
    ttl: expiresAt + 3600,
  };
  await putChallenge(challenge);
  return {
    challenge: enrol ? 'mfa_setup' : 'mfa_code',
    mfa_token: token,
    expires_in: seconds,
    otpauth_uri: fresh ? otpauthUri(fresh.secret, owner.area, person.email) : null,
    secret: fresh?.secret ?? null,
  };
}
