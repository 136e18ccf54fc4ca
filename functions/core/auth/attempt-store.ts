import { isConditionFailure } from '../table/transactions';
import type { AttemptCounter, AttemptLimits } from './attempt-lock';
import type { Area } from './tokens';
import { db } from '../table/entities';

/**
 * The counters of the attempt locks (functions/core/auth/attempt-lock.ts says the rule): every
 * change is one conditional UpdateItem, so concurrent attempts each count.
 */

/** Runs a conditional write: false when its condition did not hold. */
async function ifHolds(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The failed sign-ins of an e-mail (`loginAttempt`, epoch seconds). */
export function loginAttemptCounter(area: Area, email: string, limits: AttemptLimits): AttemptCounter {
  const entity = () => db().entities.loginAttempt;
  const key = { area, email };
  return {
    async take(now) {
      let start: number | undefined;
      await ifHolds(async () => {
        const { data } = await entity()
          .update(key)
          .add({ attempts: 1 })
          .where(
            ({ window_start, attempts, locked_until }, op) =>
              `${op.gt(window_start, now - limits.window)} AND (${op.notExists(attempts)} OR ${op.lt(attempts, limits.maxFailures)}) AND ${op.lte(locked_until, now)}`,
          )
          .go({ response: 'all_new' });
        start = data.window_start;
      });
      return start;
    },
    begin: (now) =>
      ifHolds(() =>
        entity()
          .update(key)
          .set({
            window_start: now,
            attempts: 1,
            failures: 0,
            locked_until: 0,
            ttl: now + limits.window + limits.lock,
          })
          .where(
            ({ window_start, locked_until }, op) =>
              `(${op.notExists(window_start)} OR ${op.lte(window_start, now - limits.window)}) AND (${op.notExists(locked_until)} OR ${op.lte(locked_until, now)})`,
          )
          .go({ response: 'none' }),
      ),
    async lockedUntil() {
      const { data } = await entity().get(key).go({ consistent: true });
      return data?.locked_until ?? 0;
    },
    async giveBack(windowStart) {
      await ifHolds(() =>
        entity()
          .patch(key)
          .add({ attempts: -1 })
          .where(({ window_start }, op) => op.eq(window_start, windowStart))
          .go({ response: 'none' }),
      );
    },
    async fail(windowStart) {
      let failures: number | undefined;
      await ifHolds(async () => {
        const { data } = await entity()
          .patch(key)
          .add({ failures: 1 })
          .where(({ window_start }, op) => op.eq(window_start, windowStart))
          .go({ response: 'all_new' });
        failures = data.failures;
      });
      return failures;
    },
    async lock(windowStart, until) {
      await ifHolds(() =>
        entity()
          .patch(key)
          .set({ locked_until: until, ttl: until + limits.window })
          .where(({ window_start }, op) => op.eq(window_start, windowStart))
          .go({ response: 'none' }),
      );
    },
  };
}

/** The wrong PINs entered on a room screen's device (`device`, epoch ms). */
export function pinAttemptCounter(deviceId: string, limits: AttemptLimits): AttemptCounter {
  const entity = () => db().entities.device;
  const key = { device_id: deviceId };
  return {
    async take(now) {
      let start: number | undefined;
      await ifHolds(async () => {
        const { data } = await entity()
          .patch(key)
          .add({ pin_attempts: 1 })
          .where(
            ({ pin_window_start, pin_attempts, pin_locked_until }, op) =>
              `${op.gt(pin_window_start, now - limits.window)} AND ${op.lt(pin_attempts, limits.maxFailures)} AND (${op.notExists(pin_locked_until)} OR ${op.lte(pin_locked_until, now)})`,
          )
          .go({ response: 'all_new' });
        start = data.pin_window_start;
      });
      return start;
    },
    begin: (now) =>
      ifHolds(() =>
        entity()
          .patch(key)
          .set({ pin_window_start: now, pin_attempts: 1, pin_failure_count: 0 })
          .where(
            ({ pin_window_start, pin_locked_until }, op) =>
              `(${op.notExists(pin_window_start)} OR ${op.lte(pin_window_start, now - limits.window)}) AND (${op.notExists(pin_locked_until)} OR ${op.lte(pin_locked_until, now)})`,
          )
          .go({ response: 'none' }),
      ),
    async lockedUntil() {
      const { data } = await entity().get(key).go({ consistent: true });
      return data?.pin_locked_until ?? 0;
    },
    async giveBack(windowStart) {
      await ifHolds(() =>
        entity()
          .patch(key)
          .add({ pin_attempts: -1 })
          .where(({ pin_window_start }, op) => op.eq(pin_window_start, windowStart))
          .go({ response: 'none' }),
      );
    },
    async fail(windowStart) {
      let failures: number | undefined;
      await ifHolds(async () => {
        const { data } = await entity()
          .patch(key)
          .add({ pin_failure_count: 1 })
          .where(({ pin_window_start }, op) => op.eq(pin_window_start, windowStart))
          .go({ response: 'all_new' });
        failures = data.pin_failure_count;
      });
      return failures;
    },
    async lock(windowStart, until) {
      await ifHolds(() =>
        entity()
          .patch(key)
          .set({ pin_locked_until: until })
          .where(({ pin_window_start }, op) => op.eq(pin_window_start, windowStart))
          .go({ response: 'none' }),
      );
    },
  };
}
