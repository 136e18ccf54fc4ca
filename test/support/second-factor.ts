import { Secret, TOTP } from 'otpauth';
import { inject } from 'vitest';
import { getAdmin } from '@core/people/admin-store';
import { findEmailOwner, getUserAndAccount } from '@core/people/user-store';
import { resetEnvCache } from '@core/env';
import { openSecret, totp } from '../../functions/auth/second-factor';

/**
 * The second step of a sign-in, as a person with an authenticator app takes it: a code computed
 * (TOTP, RFC 6238, with `otpauth`, the API's own library) from the secret the enrolment showed, or
 * from the person's secret, read from the table as the app would have it. Each code is good once,
 * so the code is of a time step after the last one the API accepted: the current step or one
 * either side, waiting for the clock only when all three are used.
 */

type Area = 'client' | 'admin';
const periodMs = totp.periodSeconds * 1000;

/** The code of an authenticator app for time step `step`. */
export function codeFor(secret: string, step: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    digits: totp.digits,
    period: totp.periodSeconds,
    timestamp: step * periodMs,
  });
}

/** The current time step. */
export const currentStep = (now = Date.now()) => Math.floor(now / periodMs);

/**
 * A code the API accepts now, of a step after `lastStep`: the one before the current step while
 * enough of the current one is left, the current one, or the next; when those are used, it waits
 * for the clock.
 */
export async function freshCode(secret: string, lastStep?: number): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = currentStep(now);
    const leftMs = (step + 1) * periodMs - now;
    const earliest = leftMs > 5_000 ? step - 1 : step;
    const candidate = Math.max(earliest, (lastStep ?? -Infinity) + 1);
    if (candidate <= step + 1) return codeFor(secret, candidate);
    await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
  }
}

let envSet = false;
/** The tests read the table with the system's configuration (the vault's key too). */
function useEmulatorEnv() {
  if (envSet) return;
  Object.assign(process.env, inject('emulatorEnv'));
  resetEnvCache();
  envSet = true;
}

/** A person's secret (opened) and last accepted step, from the table; undefined without one. */
export async function secondFactorOf(
  area: Area,
  email: string,
): Promise<{ secret: string; lastStep?: number } | undefined> {
  useEmulatorEnv();
  const owner = await findEmailOwner(area, email);
  if (!owner) return undefined;
  const person =
    area === 'admin'
      ? await getAdmin(owner.ownerId)
      : (await getUserAndAccount(owner.accountId!, owner.ownerId)).user;
  if (!person?.mfa_secret) return undefined;
  return {
    secret: await openSecret(person.mfa_secret, { area, ...owner }),
    lastStep: person.mfa_last_step,
  };
}

/** A code for the challenge a sign-in answered: of the secret it shows (setting up), or the person's. */
export async function codeForChallenge(
  area: Area,
  email: string,
  challenge: { challenge: string; secret: string | null },
): Promise<string> {
  if (challenge.challenge === 'mfa_setup') return freshCode(challenge.secret!);
  const factor = await secondFactorOf(area, email);
  if (!factor) throw new Error(`${email} has no second factor to give a code of`);
  return freshCode(factor.secret, factor.lastStep);
}

export interface Posted {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the API answered
  body: any;
  headers: Headers;
}

/**
 * Signs in with a password through `post` (a request to the API under test), answering the second
 * factor's challenge when there is one: answers the final sign-in answer (a session, or a refusal).
 */
export async function signInWithCode(
  post: (path: string, body: unknown) => Promise<Posted>,
  area: Area,
  email: string,
  password: string,
): Promise<Posted> {
  const login = await post(`/${area}/auth/login`, { email, password });
  const challenge = login.status === 200 ? login.body.result : undefined;
  if (!challenge?.challenge) return login;
  return post(`/${area}/auth/mfa`, {
    mfa_token: challenge.mfa_token,
    code: await codeForChallenge(area, email, challenge),
  });
}
