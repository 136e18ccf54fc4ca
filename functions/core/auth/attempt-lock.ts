/**
 * One rule for every "this many wrong answers within a window lock it for a while" lock (sign-in
 * per e-mail, functions/auth/throttle.ts; PIN entry per room screen, functions/device/check-in.ts), so
 * that a burst of concurrent attempts counts as many attempts, not one.
 *
 * Each attempt takes a place in the window with an atomic ADD under a condition (window current,
 * fewer places taken than the limit, no lock in force) BEFORE its answer is checked; a right
 * answer gives its place back, a wrong one keeps it and adds a failure, and the failure that
 * reaches the limit sets the lock. So at most the limit's number of answers are ever checked in a
 * window, whatever arrives at once: the rest are refused as locked. A window begins with the first
 * attempt after the last one ended (a conditional write, so only one attempt begins it).
 *
 * The counters are kept by each lock's item (`AttemptCounter`); times are in that item's unit.
 */
export interface AttemptLimits {
  maxFailures: number;
  window: number;
  lock: number;
}

export interface AttemptCounter {
  /** ADD 1 to the places taken in the current window, below the limit and unlocked: the window's start, or undefined. */
  take(now: number): Promise<number | undefined>;
  /** Begins a new window with this attempt's place, unless one is current or a lock holds: whether it did. */
  begin(now: number): Promise<boolean>;
  /** Until when a lock holds (0 for none). */
  lockedUntil(): Promise<number>;
  /** Gives a place of the window back (a right answer); nothing when that window is over. */
  giveBack(windowStart: number): Promise<void>;
  /** Adds a failure to the window: the failures now, or undefined when that window is over. */
  fail(windowStart: number): Promise<number | undefined>;
  /** Locks until `until`. */
  lock(windowStart: number, until: number): Promise<void>;
}

/**
 * An attempt that holds a place: `wrong()` keeps it as a failure; `release()` (in a `finally`)
 * gives it back unless it was wrong, so a right answer and an error alike leave the place free.
 */
export interface Attempt {
  wrong(): Promise<void>;
  release(): Promise<void>;
  /** The counter was cleared (a sign-in succeeded): there is no place left to give back. */
  cleared(): void;
}

/**
 * Takes a place for an attempt at `now`, or throws `locked(wait)` (wait in the counter's unit)
 * when a lock holds or every place of the window is taken.
 */
export async function takeAttempt(
  counter: AttemptCounter,
  limits: AttemptLimits,
  now: number,
  locked: (wait: number) => Error,
): Promise<Attempt> {
  for (let tries = 0; tries < 3; tries++) {
    // Beginning a window first: most attempts find none current (a success clears the counter).
    const windowStart = (await counter.begin(now)) ? now : await counter.take(now);
    if (windowStart !== undefined) {
      let held = true;
      return {
        wrong: async () => {
          if (!held) return;
          held = false;
          const failures = await counter.fail(windowStart);
          if (failures !== undefined && failures >= limits.maxFailures)
            await counter.lock(windowStart, now + limits.lock);
        },
        release: async () => {
          if (!held) return;
          held = false;
          await counter.giveBack(windowStart);
        },
        cleared: () => {
          held = false;
        },
      };
    }
    const until = await counter.lockedUntil();
    // A lock set by an attempt that began a moment after this one ends at most `lock` from now.
    if (until > now) throw locked(Math.min(until - now, limits.lock));
    // Every place is taken by attempts not answered yet, or the window ended meanwhile: try again.
  }
  // Still no place: the places are those of attempts being checked now, which may well lock it.
  throw locked(limits.lock);
}
