import { loginAttemptCounter } from '@core/auth/attempt-store';
import { db } from '@core/table/entities';
import { TooManyRequests } from '@core/errors';
import type { Area } from '@core/auth/tokens';
import { takeAttempt, type Attempt } from '@core/auth/attempt-lock';

/** Sign-in throttling per e-mail: this many failures within the window lock sign-in for the lock time. */
export const signInLimits = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Takes a place for one sign-in attempt of an e-mail (a password, or a second factor's code)
 * before it is checked, by the rule of functions/core/auth/attempt-lock.ts; refuses a locked e-mail (429).
 */
export async function takeSignInAttempt(area: Area, email: string): Promise<Attempt> {
  const now = nowSeconds();
  const limits = {
    maxFailures: signInLimits.maxFailures,
    window: signInLimits.windowSeconds,
    lock: signInLimits.lockSeconds,
  };
  return takeAttempt(loginAttemptCounter(area, email, limits), limits, now, (wait) => {
    const minutes = Math.ceil(wait / 60);
    return new TooManyRequests(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  });
}

export async function clearFailures(area: Area, email: string): Promise<void> {
  await db().entities.loginAttempt.delete({ area, email }).go();
}
