/**
 * The local system's clock, set to another instant (docs/testing.md, "A fake clock"):
 * `SPACES_FAKE_NOW=2027-03-28T00:58:00Z` makes `Date` read that instant when the system starts,
 * and run on in real time from there. It moves `Date` only: timers, `performance.now()` and the
 * operating system keep real time, so waits and timeouts behave as ever.
 *
 * Importing this module sets the clock of the importing process when the variable is set, and
 * hands it to every Node process started afterwards: `NODE_OPTIONS` loads this file first
 * (`--import`, Node strips its types) and `SPACES_FAKE_NOW_OFFSET_MS` carries the offset the first
 * process chose, so the Vitest workers, cognito-local and aws-ses-v2-local read the same instant
 * as the API to the millisecond (a token issued at one "now" is checked at the same one). It
 * imports only Node's own modules, so that Node can load it on its own.
 *
 * Node's HTTP servers write their `Date` header from a clock of Node's own, which stays real; the
 * AWS SDK sets its clients' clocks by that header when it is 5 minutes off, and s3rver would then
 * refuse their signatures as skewed. So the servers of these processes date their answers by the
 * fake clock as well.
 *
 * DynamoDB Local (Java) keeps real time, which changes nothing: DynamoDB never compares an item
 * with the time (TTL only deletes, late, and DynamoDB Local does not implement it), so every
 * expiry the API honours is one it compares with its own `Date` (docs/data-model.md).
 */

import { ServerResponse } from 'node:http';

/** The variable that sets the clock: an ISO 8601 instant. */
export const FAKE_NOW_VARIABLE = 'SPACES_FAKE_NOW';
/**
 * `<offset>@<instant>`: the milliseconds between the fake clock and the real one, as the first
 * process set them for that `SPACES_FAKE_NOW` (another instant asks for a clock of its own).
 */
const OFFSET_VARIABLE = 'SPACES_FAKE_NOW_OFFSET_MS';
/** Where a process keeps its offset once its clock is set (every copy of this module sees it). */
const INSTALLED: unique symbol = Symbol.for('spaces.fakeClockOffsetMs');

type ClockGlobal = typeof globalThis & { [INSTALLED]?: number };

/**
 * Replaces the global `Date` with one that reads `offsetMs` later than the real clock: `new Date()`,
 * `Date()` and `Date.now()` move; a date built from a value does not, and dates stay `instanceof
 * Date`. Self-contained, so that a browser page can run it too (test/support/browser.ts).
 */
export function shiftDate(offsetMs: number): void {
  const RealDate = Date;
  const now = () => RealDate.now() + offsetMs;
  const ShiftedDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length > 0 ? args : [now()], new.target) as Date;
  } as unknown as DateConstructor;
  Object.setPrototypeOf(ShiftedDate, RealDate);
  Object.defineProperties(ShiftedDate, {
    name: { value: 'Date' },
    length: { value: RealDate.length },
    prototype: { value: RealDate.prototype },
    now: { value: now, writable: true, configurable: true },
  });
  globalThis.Date = ShiftedDate;
}

/** Makes HTTP servers write their `Date` header from `Date`, where Node would use its own clock. */
function dateAnswersByTheClock(): void {
  const writeHead = ServerResponse.prototype.writeHead;
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (this.sendDate && !this.headersSent && !this.hasHeader('date')) {
      this.setHeader('date', new Date().toUTCString());
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
  } as typeof writeHead;
}

/**
 * Sets this process's clock from `SPACES_FAKE_NOW` (the offset of `SPACES_FAKE_NOW_OFFSET_MS` when
 * a parent chose one), once, and makes the Node processes it starts do the same. Answers the
 * offset in milliseconds, or `undefined` when the clock is real.
 */
export function installFakeClock(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const clock = globalThis as ClockGlobal;
  if (clock[INSTALLED] !== undefined) return clock[INSTALLED];
  const fakeNow = env[FAKE_NOW_VARIABLE];
  if (!fakeNow) return undefined;
  const instant = Date.parse(fakeNow);
  if (Number.isNaN(instant) || !/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(fakeNow)) {
    throw new Error(
      `${FAKE_NOW_VARIABLE} must be an ISO 8601 instant with its offset, e.g. 2027-03-28T00:58:00Z`,
    );
  }
  const [offset, offsetFor] = (env[OFFSET_VARIABLE] ?? '').split('@');
  const inherited = offsetFor === fakeNow && offset ? Number(offset) : NaN;
  const offsetMs = Number.isFinite(inherited) ? inherited : instant - Date.now();
  shiftDate(offsetMs);
  dateAnswersByTheClock();
  clock[INSTALLED] = offsetMs;
  env[OFFSET_VARIABLE] = `${offsetMs}@${fakeNow}`;
  const preload = `--import=${import.meta.url}`;
  if (!env.NODE_OPTIONS?.includes(preload)) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} ${preload}`.trim();
  return offsetMs;
}

/** The offset of this process's fake clock in milliseconds, or `undefined` when it is real. */
export function fakeClockOffset(): number | undefined {
  return (globalThis as ClockGlobal)[INSTALLED];
}

installFakeClock();
