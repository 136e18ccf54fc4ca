import { IANAZone } from 'luxon';

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

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^(\d{2}):(\d{2})$/;

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

/** Parses a time of day `HH:mm` into minutes after midnight; `undefined` when malformed. */
export function parseTimeOfDay(text: string): number | undefined {
  const match = TIME_OF_DAY.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : undefined;
}

/** Formats minutes after midnight as `HH:mm`. */
export function formatTimeOfDay(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Formats floating ms as the wire date-time `YYYY-MM-DD HH:mm:ss`. */
export function formatWallTime(floating: number): string {
  const d = new Date(floating);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${formatLocalDate(floating)} ${time}`;
}

/** Formats floating ms as the wire date `YYYY-MM-DD` (the time of day is dropped). */
export function formatLocalDate(floating: number): string {
  const d = new Date(floating);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whether `zone` is an IANA time zone name this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** Cached UTC-day boundaries per zone before the cache is emptied (about 270 years of days). */
const BOUNDARY_CACHE_LIMIT = 100_000;

/**
 * A zone's UTC offsets, with the offset at each UTC midnight cached. When both ends of a UTC day show the same
 * offset, the whole day is taken to have it (assuming no zone changes its offset twice, back to the same value,
 * within one day), so luxon (an `Intl` call of several µs) is asked again only on days with a transition.
 */
class ZoneOffsets {
  private readonly boundaries = new Map<number, number>();

  constructor(private readonly zone: IANAZone) {}

  /** The offset in ms at `instant`. */
  at(instant: number): number {
    const day = Math.floor(instant / DAY_MS);
    const atStart = this.boundary(day);
    return atStart === this.boundary(day + 1) ? atStart : this.exact(instant);
  }

  private boundary(day: number): number {
    let offset = this.boundaries.get(day);
    if (offset === undefined) {
      if (this.boundaries.size >= BOUNDARY_CACHE_LIMIT) this.boundaries.clear();
      offset = this.exact(day * DAY_MS);
      this.boundaries.set(day, offset);
    }
    return offset;
  }

  private exact(instant: number): number {
    return this.zone.offset(instant) * MINUTE_MS;
  }
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

/** An instant as the ISO 8601 UTC text of `Date.prototype.toISOString` (`2026-03-08T07:30:00.000Z`). */
export function toUtcIso(instant: number): string {
  return new Date(instant).toISOString();
}
