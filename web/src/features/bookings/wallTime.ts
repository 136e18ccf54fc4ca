/**
 * The calendar draws a venue's wall-clock times whatever the browser's time zone. Bookings come and
 * go as wall times of the venue (`YYYY-MM-DD HH:mm:ss`); the calendar, which works with `Date`, is
 * given "floating" dates: the venue's wall time read as the browser's local time, so that the
 * browser's own time zone never shifts them. A floating date is turned back into the same wall time
 * when it is saved. (A wall time the browser's zone skips at its own spring-forward, an hour a year,
 * cannot be a local `Date` there and shows an hour later.)
 *
 * No time zone library here: this comes with the page, which must stay light; the venue's current
 * time is read with `Intl`.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A wall time `YYYY-MM-DD HH:mm:ss` as a floating date; `null` when unreadable. */
export function floatingDate(wallTime: string): Date | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(year, month - 1, day, hour, minute, second);
}

/** A date `YYYY-MM-DD` as a floating date at midnight; `null` when unreadable. */
export function floatingDay(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The wall time `YYYY-MM-DD HH:mm:ss` a floating date stands for. */
export function wallTimeOf(date: Date): string {
  return `${dayOf(date)} ${timeOf(date)}:${pad(date.getSeconds())}`;
}

/** The day `YYYY-MM-DD` of a floating date. */
export function dayOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The time of day `HH:mm` of a floating date. */
export function timeOf(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The current wall time in `timeZone` (an IANA zone), as a floating date. */
export function venueNow(timeZone: string, now: Date = new Date()): Date {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(now).map((part) => [part.type, part.value]));
  return new Date(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The first half hour at or after a floating date (14:17 → 14:30, 14:30:00 stays), on the same day when there is one. */
export function nextHalfHour(date: Date): Date {
  const next = new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
  );
  const past = (date.getMinutes() % 30) * 60_000 + date.getSeconds() * 1000 + date.getMilliseconds();
  if (past > 0) next.setMinutes(next.getMinutes() - (date.getMinutes() % 30) + 30);
  return next;
}

/**
 * A wall time `YYYY-MM-DD HH:mm:ss` moved by whole minutes on the wall clock, or `null` when
 * unreadable. Counted apart from any time zone, so the browser's own DST never adds an hour.
 */
export function shiftWallTime(wallTime: string, minutes: number): string | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  const moved = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute! + minutes, second!));
  return (
    `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())} ` +
    `${pad(moved.getUTCHours())}:${pad(moved.getUTCMinutes())}:${pad(moved.getUTCSeconds())}`
  );
}

/** Minutes from one wall time to another on the wall clock; `null` when either is unreadable. */
export function minutesBetween(from: string, to: string): number | null {
  const start = WALL_TIME.exec(from);
  const end = WALL_TIME.exec(to);
  if (!start || !end) return null;
  const utc = (match: RegExpExecArray) => {
    const [year, month, day, hour, minute] = match.slice(1).map(Number) as number[];
    return Date.UTC(year!, month! - 1, day!, hour!, minute!);
  };
  return Math.round((utc(end) - utc(start)) / 60_000);
}
