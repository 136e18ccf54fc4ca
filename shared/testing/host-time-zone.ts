/**
 * Host time zones for tests that must not depend on the machine's zone (STYLE: "Time-zone tests run under more
 * than one TZ of the host"). Node honours changes to `process.env.TZ` at run time.
 */
export const HOST_TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'] as const;

/** Runs `run` with the host's time zone set to `zone`, then restores it. */
export function inHostTimeZone<T>(zone: string, run: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  try {
    return run();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

/** Sets the host's time zone to `zone` for the enclosing `describe` block and restores it afterwards. */
export function useHostTimeZone(zone: string): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}

/** The host's UTC offset in minutes on 2026-01-15 noon (as `Date#getTimezoneOffset`: west positive). */
export function hostOffsetInJanuary(): number {
  return new Date(2026, 0, 15, 12).getTimezoneOffset();
}
