import { db, type LoginAttemptItem } from '../data/entities';
import { TooManyRequests } from '../http/errors';
import type { Area } from '../http/tokens';

/** Sign-in throttling per e-mail: this many failures within the window lock sign-in for the lock time. */
export const signInLimits = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Refuses a locked e-mail; answers its failure record (null when it has none) for the calls below. */
export async function assertNotLocked(area: Area, email: string): Promise<LoginAttemptItem | null> {
  const { data } = await db().entities.loginAttempt.get({ area, email }).go({ consistent: true });
  const wait = (data?.locked_until ?? 0) - nowSeconds();
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new TooManyRequests(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
  return data;
}

/** Counts a failure; the one that reaches the limit locks sign-in for that e-mail. */
export async function recordFailure(
  area: Area,
  email: string,
  record: LoginAttemptItem | null,
): Promise<void> {
  const now = nowSeconds();
  const inWindow = record && now - record.window_start < signInLimits.windowSeconds;
  const failures = (inWindow ? record.failures : 0) + 1;
  const locked = failures >= signInLimits.maxFailures;
  await db()
    .entities.loginAttempt.put({
      area,
      email,
      failures: locked ? 0 : failures,
      window_start: inWindow ? record.window_start : now,
      locked_until: locked ? now + signInLimits.lockSeconds : 0,
      ttl: now + signInLimits.windowSeconds + signInLimits.lockSeconds,
    })
    .go();
}

export async function clearFailures(area: Area, email: string): Promise<void> {
  await db().entities.loginAttempt.delete({ area, email }).go();
}
