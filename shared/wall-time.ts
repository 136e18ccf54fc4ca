import { IANAZone } from 'luxon';
import { formatTimeOfDay, parseTimeOfDay } from './time-of-day';

export { formatTimeOfDay, parseTimeOfDay };

/**
 * Wall-clock times of a venue and the instants they name.
 *
 * A wall time is held as "floating" epoch milliseconds: the local date and
 * time read as if they were UTC (`Date.UTC(y, m, d, h, mi, s)`). Floating
 * values compare and subtract like calendar arithmetic and never touch the
 * host's time zone. Converting to a real instant needs the venue's IANA zone;
 * zone offsets come from luxon.
 */

const MINUTE_MS = 60_000;
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;
/** Cached days before a cache is emptied (about 270 years of days). */
const DAY_CACHE_LIMIT = 100_000;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function floatingOrUndefined(parts: readonly number[]): number | undefined {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = parts;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999
  const sameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay ? date.getTime() : undefined;
}

/** Parses a wire date-time `YYYY-MM-DD HH:mm:ss` into floating ms; `undefined` when malformed or not a real date. */
export function parseWallTime(text: string): number | undefined {
  const match = LOCAL_DATE_TIME.exec(text);
  return match ? floatingOrUndefined(match.slice(1).map(Number)) : undefined;
}

/** Parses a wire date `YYYY-MM-DD` into floating ms at midnight; `undefined` when malformed or not a real date. */
export function parseLocalDate(text: string): number | undefined {
  const match = LOCAL_DATE.exec(text);
  return match ? floatingOrUndefined(match.slice(1).map(Number)) : undefined;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * Formatting reuses texts: the dates of the days met so far, the times of day of the seconds met so far, each
 * already joined to what follows it on the wire, so that formatting a date-time joins two strings. Values that
 * are not whole seconds of the years 0000–9999 (where dates have four digits) are formatted with `Date`.
 */
const FOUR_DIGIT_YEARS = { from: new Date(0).setUTCFullYear(0, 0, 1), to: Date.UTC(10000, 0, 1) };

/** `YYYY-MM-DD`, and followed by the separator of a wire date-time and of an ISO instant. */
interface DayTexts {
  date: string;
  wall: string;
  iso: string;
}

/** `HH:mm:ss`, and followed by the milliseconds and zone of an ISO instant. */
interface SecondTexts {
  time: string;
  iso: string;
}

const dayTexts = new Map<number, DayTexts>();
const secondTexts: Array<SecondTexts | undefined> = [];

function inFourDigitYears(ms: number): boolean {
  return Number.isInteger(ms) && ms >= FOUR_DIGIT_YEARS.from && ms < FOUR_DIGIT_YEARS.to;
}

function isWholeSecond(ms: number): boolean {
  return inFourDigitYears(ms) && ms % 1000 === 0;
}

function textsOfDay(ms: number): DayTexts {
  const day = Math.floor(ms / DAY_MS);
  let texts = dayTexts.get(day);
  if (texts === undefined) {
    const date = formatDate(new Date(day * DAY_MS));
    texts = { date, wall: `${date} `, iso: `${date}T` };
    if (dayTexts.size >= DAY_CACHE_LIMIT) dayTexts.clear();
    dayTexts.set(day, texts);
  }
  return texts;
}

function textsOfSecond(ms: number): SecondTexts {
  const second = (ms - Math.floor(ms / DAY_MS) * DAY_MS) / 1000;
  let texts = secondTexts[second];
  if (texts === undefined) {
    const time = formatTime(new Date(second * 1000));
    texts = { time, iso: `${time}.000Z` };
    secondTexts[second] = texts;
  }
  return texts;
}

function formatDate(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function formatTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Formats floating ms as the wire date-time `YYYY-MM-DD HH:mm:ss`. */
export function formatWallTime(floating: number): string {
  if (isWholeSecond(floating)) return textsOfDay(floating).wall + textsOfSecond(floating).time;
  const d = new Date(floating);
  return `${formatDate(d)} ${formatTime(d)}`;
}

/** Formats floating ms as the wire date `YYYY-MM-DD` (the time of day is dropped). */
export function formatLocalDate(floating: number): string {
  return inFourDigitYears(floating) ? textsOfDay(floating).date : formatDate(new Date(floating));
}

/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  return zones.has(zone) || IANAZone.isValidZone(zone);
}

/**
 * A zone's UTC offsets, with the offset at each UTC midnight cached. When both ends of a UTC day show the same
 * offset, the whole day is taken to have it (assuming no zone changes its offset twice, back to the same value,
 * within one day). On a day whose ends differ, the instant of the change is found once, by bisection; a day that
 * turns out to change more than once is asked about instant by instant. So luxon (an `Intl` call of several µs) is
 * asked about a few instants per day met and a few dozen per transition, not once per conversion.
 *
 * Most days are far from any transition: {@link steady} remembers, per day, the offset that holds from the day
 * before to the day after, so that converting a wall time on such a day takes one lookup.
 */
class ZoneOffsets {
  private readonly boundaries = new Map<number, number>();
  private readonly steadyDays = new Map<number, number>();
  private readonly changes = new Map<number, number>();

  constructor(private readonly zone: IANAZone) {}

  /** The offset in ms at `instant`. */
  at(instant: number): number {
    const day = Math.floor(instant / DAY_MS);
    const steady = this.steady(day);
    if (!Number.isNaN(steady)) return steady;
    const atStart = this.boundary(day);
    const atEnd = this.boundary(day + 1);
    if (atStart === atEnd) return atStart;
    const change = this.change(day);
    if (Number.isNaN(change)) return this.exact(instant);
    return instant < change ? atStart : atEnd;
  }

  /**
   * The offset in ms that the midnights starting days `day - 1` … `day + 2` all show, `NaN` when they differ. Read
   * as a UTC day, the offset holds all through it; read as a floating day, every wall time on it has one instant,
   * which has that offset: the day before and the day after show it too.
   */
  steady(day: number): number {
    let offset = this.steadyDays.get(day);
    if (offset === undefined) {
      const first = this.boundary(day - 1);
      const same = [day, day + 1, day + 2].every((next) => this.boundary(next) === first);
      offset = same ? first : Number.NaN;
      remember(this.steadyDays, day, offset);
    }
    return offset;
  }

  /**
   * The first instant of a UTC day whose midnights differ that shows the offset of its end, `NaN` when the offset
   * found there is a third one (the day changes twice). Offsets change on whole seconds (luxon reads the second).
   */
  private change(day: number): number {
    let change = this.changes.get(day);
    if (change === undefined) {
      const atStart = this.boundary(day);
      let before = day * DAY_MS; // shows atStart
      let after = before + DAY_MS; // does not
      while (after - before > 1000) {
        const middle = before + Math.floor((after - before) / 2000) * 1000;
        if (this.exact(middle) === atStart) before = middle;
        else after = middle;
      }
      change = this.exact(after) === this.boundary(day + 1) ? after : Number.NaN;
      remember(this.changes, day, change);
    }
    return change;
  }

  private boundary(day: number): number {
    let offset = this.boundaries.get(day);
    if (offset === undefined) {
      offset = this.exact(day * DAY_MS);
      remember(this.boundaries, day, offset);
    }
    return offset;
  }

  private exact(instant: number): number {
    return this.zone.offset(instant) * MINUTE_MS;
  }
}

function remember(cache: Map<number, number>, day: number, value: number): void {
  if (cache.size >= DAY_CACHE_LIMIT) cache.clear();
  cache.set(day, value);
}

const zones = new Map<string, ZoneOffsets>();

function offsetsOf(name: string): ZoneOffsets {
  let offsets = zones.get(name);
  if (!offsets) {
    if (!IANAZone.isValidZone(name)) throw new RangeError(`Unknown time zone: ${name}`);
    offsets = new ZoneOffsets(IANAZone.create(name));
    zones.set(name, offsets);
  }
  return offsets;
}

/**
 * The instant (epoch ms) at which the wall clock of `zone` shows `floating`.
 *
 * - A wall time skipped by a forward transition (02:30 on a spring-forward
 *   day) is moved forward by the length of the gap (03:30).
 * - A wall time that occurs twice (fall back) takes the earlier instant.
 *
 * luxon's own `DateTime.fromObject` resolves the second case from a guess
 * that depends on the date the process first used the zone, so the offsets
 * on both sides of the wall time are inspected here instead (the same test
 * as luxon's `getPossibleOffsets`).
 */
export function wallTimeToInstant(floating: number, zoneName: string): number {
  const offsets = offsetsOf(zoneName);
  const steady = offsets.steady(Math.floor(floating / DAY_MS));
  if (!Number.isNaN(steady)) return floating - steady;
  const before = offsets.at(floating - DAY_MS);
  const after = offsets.at(floating + DAY_MS);
  if (before === after) return floating - before;
  const earlier = Math.min(floating - before, floating - after);
  const later = Math.max(floating - before, floating - after);
  if (earlier + offsets.at(earlier) === floating) return earlier;
  if (later + offsets.at(later) === floating) return later;
  // In the gap: reading the wall time with the offset in force before the jump moves it forward by the gap.
  return floating - before;
}

/** The wall time (floating ms) that `zone` shows at `instant` (epoch ms). */
export function instantToWallTime(instant: number, zoneName: string): number {
  return instant + offsetsOf(zoneName).at(instant);
}

/** The local date (`YYYY-MM-DD`) that `zone` shows at `instant` (epoch ms). */
export function instantToLocalDate(instant: number, zoneName: string): string {
  return formatLocalDate(instantToWallTime(instant, zoneName));
}

/** A local day (floating ms) `months` months away, the day of the month kept where that month has it, else its last. */
export function addLocalMonths(day: number, months: number): number {
  const date = new Date(day);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), length));
}

/** An instant as the ISO 8601 UTC text of `Date.prototype.toISOString` (`2026-03-08T07:30:00.000Z`). */
export function toUtcIso(instant: number): string {
  if (isWholeSecond(instant)) return textsOfDay(instant).iso + textsOfSecond(instant).iso;
  return new Date(instant).toISOString();
}
