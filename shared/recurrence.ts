import { messages } from './schemas/messages';
import type { EventTiming, RecurType, WeekdayCode } from './schemas/event-timing';
import { OCCURRENCE_LIMIT, weekdayCodes } from './schemas/event-timing';
import { ruleStarts } from './rule-starts';
import type { RecurOn, Rule, RuleEnd } from './rule-starts';
import {
  DAY_MS,
  formatWallTime,
  instantToWallTime,
  isValidTimeZone,
  parseLocalDate,
  parseWallTime,
  toUtcIso,
  wallTimeToInstant,
} from './wall-time';

/** The fields that place an event's occurrences in time (declared with the event schema's timing fields). */
export type { EventTiming } from './schemas/event-timing';
export type { RecurOn } from './rule-starts';
export { OCCURRENCE_LIMIT };

/** Messages of the recurrence rules that the spec's generic catalogue does not cover. */
export const recurrenceMessages = {
  limit: `A series may have at most ${OCCURRENCE_LIMIT} occurrences`,
  empty: 'The series has no occurrences',
} as const;

/** A timing that cannot be expanded; `field` names the wire field at fault, `message` is shown under it. */
export class RecurrenceError extends Error {
  override readonly name = 'RecurrenceError';

  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** One occurrence: wall-clock times in the venue (`YYYY-MM-DD HH:mm:ss`) and the instants they name (ISO 8601, UTC). */
export interface Occurrence {
  start_date: string;
  end_date: string;
  start_utc: string;
  end_utc: string;
}

/** Local dates (`YYYY-MM-DD`, both inclusive) in the venue's zone; a missing side is open. */
export interface DateWindow {
  from?: string;
  to?: string;
}

/** The parts of a timing that decide which wall times recur; no time zone is needed for them. */
type RuleTiming = Omit<EventTiming, 'timezone'>;

function isWeekdayCode(text: string): text is WeekdayCode {
  return (weekdayCodes as readonly string[]).includes(text);
}

/**
 * Reads `recur_on` for a `recur_type`; `undefined` when it is not valid for that type.
 * WEEKLY takes a comma list of `MO`..`SU`; MONTHLY a day of month `1`..`31` or an ordinal `1`..`5` with a weekday
 * (`2TU`); DAILY and YEARLY ignore it. Blank means the start's weekday or day of month.
 */
export function parseRecurOn(type: RecurType, text: string | undefined): RecurOn | undefined {
  const value = text?.trim() ?? '';
  if (value === '' || type === 'DAILY' || type === 'YEARLY') return { kind: 'default' };
  if (type === 'WEEKLY') {
    const codes = value.split(',').map((code) => code.trim());
    if (!codes.every(isWeekdayCode)) return undefined;
    return { kind: 'weekdays', days: weekdayCodes.filter((code) => codes.includes(code)) };
  }
  const monthDay = /^([1-9]|[12]\d|3[01])$/.exec(value);
  if (monthDay) return { kind: 'monthDay', day: Number(monthDay[1]) };
  const nth = /^([1-5])([A-Z]{2})$/.exec(value);
  const day = nth?.[2];
  return day !== undefined && isWeekdayCode(day)
    ? { kind: 'nthWeekday', nth: Number(nth?.[1]), day }
    : undefined;
}

/** A timing read and checked: floating start and length, and the rule (absent for a single event). */
interface ParsedTiming {
  start: number;
  duration: number;
  rule?: Rule;
}

function wallTimeField(timing: RuleTiming, field: 'start_date' | 'end_date'): number {
  const value = parseWallTime(timing[field]);
  if (value === undefined) throw new RecurrenceError(field, messages.invalid);
  return value;
}

function present<T>(value: T | undefined | null, field: string): T {
  if (value === undefined || value === null || value === '')
    throw new RecurrenceError(field, messages.required);
  return value;
}

function ruleEnd(timing: RuleTiming): RuleEnd {
  const value = present(timing.recur_end, 'recur_end');
  if (present(timing.recur_end_type, 'recur_end_type') === 'ON') {
    const day = typeof value === 'string' ? parseLocalDate(value) : undefined;
    if (day === undefined) throw new RecurrenceError('recur_end', messages.invalid);
    return { until: day + DAY_MS - 1000 };
  }
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new RecurrenceError('recur_end', messages.invalid);
  return { count };
}

function parseTiming(timing: RuleTiming): ParsedTiming {
  const start = wallTimeField(timing, 'start_date');
  const duration = wallTimeField(timing, 'end_date') - start;
  if (duration <= 0) throw new RecurrenceError('end_date', messages.invalid);
  if (timing.recurring !== 'Yes') return { start, duration };

  const type = present(timing.recur_type, 'recur_type');
  const interval = timing.recur_interval ?? 1;
  if (!Number.isInteger(interval) || interval < 0)
    throw new RecurrenceError('recur_interval', messages.invalid);
  const recurOn = parseRecurOn(type, timing.recur_on);
  if (!recurOn) throw new RecurrenceError('recur_on', messages.invalid);
  return { start, duration, rule: { type, interval: Math.max(1, interval), recurOn, end: ruleEnd(timing) } };
}

/** Floating starts of the series in order, at most `cap` of them. */
function startsUpTo(parsed: ParsedTiming, cap: number): number[] {
  return parsed.rule ? ruleStarts(parsed.start, parsed.rule, cap) : [parsed.start];
}

/** Floating starts of the series in order; throws when it has more than {@link OCCURRENCE_LIMIT}. */
function allStarts(parsed: ParsedTiming): number[] {
  const starts = startsUpTo(parsed, OCCURRENCE_LIMIT + 1);
  if (starts.length > OCCURRENCE_LIMIT) throw new RecurrenceError('recur_end', recurrenceMessages.limit);
  return starts;
}

/**
 * The number of occurrences of a timing, counted on wall times (no zone needed), up to `OCCURRENCE_LIMIT + 1`:
 * a result above {@link OCCURRENCE_LIMIT} means "too many". Throws {@link RecurrenceError} for a malformed timing.
 */
export function countOccurrences(timing: RuleTiming): number {
  return startsUpTo(parseTiming(timing), OCCURRENCE_LIMIT + 1).length;
}

function assertTimeZone(zone: string): void {
  if (!isValidTimeZone(zone)) throw new RecurrenceError('timezone', messages.invalid);
}

/**
 * The occurrences at the floating starts `starts`, those that overlap `[instantFrom, instantTo)` (instants as their
 * ISO texts read them: whole milliseconds).
 */
function occurrencesAt(
  starts: readonly number[],
  duration: number,
  zone: string,
  instantFrom = -Infinity,
  instantTo = Infinity,
): Occurrence[] {
  const occurrences: Occurrence[] = [];
  for (const nominalStart of starts) {
    const startInstant = wallTimeToInstant(nominalStart, zone);
    // A start moved forward out of a gap keeps the event's wall-clock length from where it now starts.
    const start = instantToWallTime(startInstant, zone);
    const end = start + duration;
    const endInstant = wallTimeToInstant(end, zone);
    if (Math.trunc(startInstant) >= instantTo || Math.trunc(endInstant) <= instantFrom) continue;
    occurrences.push({
      start_date: formatWallTime(start),
      end_date: formatWallTime(end),
      start_utc: toUtcIso(startInstant),
      end_utc: toUtcIso(endInstant),
    });
  }
  return occurrences;
}

/** The window as floating bounds [from, to) and as instants [from, to). Open sides are infinite. */
function windowBounds(window: DateWindow, zone: string) {
  const day = (text: string | undefined, field: string) => {
    if (text === undefined) return undefined;
    const value = parseLocalDate(text);
    if (value === undefined) throw new RecurrenceError(field, messages.invalid);
    return value;
  };
  const from = day(window.from, 'from');
  const to = day(window.to, 'to');
  const toExclusive = to === undefined ? undefined : to + DAY_MS;
  return {
    floatingFrom: from ?? -Infinity,
    floatingTo: toExclusive ?? Infinity,
    instantFrom: from === undefined ? -Infinity : wallTimeToInstant(from, zone),
    instantTo: toExclusive === undefined ? Infinity : wallTimeToInstant(toExclusive, zone),
  };
}

/** Floating starts whose occurrences may touch the window; at most the first {@link OCCURRENCE_LIMIT} of the rule. */
function startsNear(parsed: ParsedTiming, floatingFrom: number, floatingTo: number): number[] {
  // Gaps move starts forward by an hour or two, never by days: two days of slack on each side is plenty.
  const slack = 2 * DAY_MS;
  const lo = Math.max(parsed.start, floatingFrom - parsed.duration - slack);
  const hi = Math.min(Date.UTC(9999, 11, 31), floatingTo + slack);
  if (lo > hi) return [];
  if (!parsed.rule) return [parsed.start];
  return ruleStarts(parsed.start, parsed.rule, OCCURRENCE_LIMIT, { from: lo, to: hi });
}

/**
 * The occurrences of an event, in order.
 *
 * Without a window: every occurrence; throws {@link RecurrenceError} (`recur_end`, {@link recurrenceMessages}.limit)
 * when the series has more than {@link OCCURRENCE_LIMIT}. Use this when a series is saved.
 *
 * With a window: the occurrences that overlap `[from 00:00, to + 1 day 00:00)` in the venue's zone, computed from the
 * part of the rule near the window. It reads a stored (already validated) series and does not count the whole
 * series: a series over the limit yields only occurrences among its first {@link OCCURRENCE_LIMIT}.
 *
 * A single event (`recurring: 'No'`) yields itself. Recurrence follows RFC 5545 as rrule.js and python-dateutil read
 * it (a start that does not match the rule is not an occurrence); each occurrence keeps the start's wall-clock time
 * and the event's wall-clock length (see {@link wallTimeToInstant} for times a DST change skips or repeats).
 * Throws {@link RecurrenceError} for a malformed timing or an unknown zone.
 */
export function expandOccurrences(event: EventTiming, window?: DateWindow): Occurrence[] {
  assertTimeZone(event.timezone);
  const parsed = parseTiming(event);
  if (!window) return occurrencesAt(allStarts(parsed), parsed.duration, event.timezone);

  const bounds = windowBounds(window, event.timezone);
  const starts = startsNear(parsed, bounds.floatingFrom, bounds.floatingTo);
  return occurrencesAt(starts, parsed.duration, event.timezone, bounds.instantFrom, bounds.instantTo);
}

function icalUtc(instant: number): string {
  return toUtcIso(instant)
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function byRule(recurOn: RecurOn): string | undefined {
  switch (recurOn.kind) {
    case 'weekdays':
      return `BYDAY=${recurOn.days.join(',')}`;
    case 'monthDay':
      return `BYMONTHDAY=${recurOn.day}`;
    case 'nthWeekday':
      return `BYDAY=${recurOn.nth}${recurOn.day}`;
    case 'default':
      return undefined;
  }
}

/**
 * The RFC 5545 RRULE value of a recurring event (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20270131T045959Z`), or
 * `undefined` for a single event. INTERVAL is left out when 1; BYDAY/BYMONTHDAY only when `recur_on` is set (RFC
 * defaults take them from DTSTART, as this engine does); WKST is RFC's default MO.
 *
 * An `ON` end becomes UNTIL at the last second of that local date in the venue's zone, in UTC: every occurrence that
 * starts on or before that date is included, none after. `AFTER n` becomes COUNT=n.
 *
 * RFC 5545 counts DTSTART as an instance even when it does not match the rule; an export should therefore use the
 * first occurrence's start as DTSTART (with TZID = the venue's zone).
 */
export function toRRule(event: EventTiming): string | undefined {
  assertTimeZone(event.timezone);
  const { rule } = parseTiming(event);
  if (!rule) return undefined;
  const { interval } = rule;
  const end =
    'count' in rule.end
      ? `COUNT=${rule.end.count}`
      : `UNTIL=${icalUtc(wallTimeToInstant(rule.end.until, event.timezone))}`;
  return [
    `FREQ=${event.recur_type}`,
    interval > 1 ? `INTERVAL=${interval}` : undefined,
    byRule(rule.recurOn),
    end,
  ]
    .filter((part) => part !== undefined)
    .join(';');
}
