import { DateTime } from 'luxon';
import * as rruleModule from 'rrule';
import { OCCURRENCE_LIMIT } from '@shared/recurrence';
import type { ExternalChange, ExternalInstance, PushedEvent, WallTime } from './provider';

/**
 * Google Calendar's event resource as the client (google.ts) writes and reads it: a booking as an
 * event (or a recurring one with `RRULE` and `EXDATE`), and listed items as changes, recurring
 * ones expanded here, on the wall clock of their zone, since the list gives their masters only.
 */

// rrule's "main" is a UMD bundle: Node's ESM loader sees one default export (shared/rule-starts.ts).
const { RRule } = (
  'RRule' in rruleModule ? rruleModule : Reflect.get(rruleModule, 'default')
) as typeof rruleModule;

/** The private extended property that marks the product's own events. */
export const BOOKING_PROPERTY = 'spacesBookingId';
const DAY_MS = 24 * 3600 * 1000;

interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  start?: EventTime;
  end?: EventTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: EventTime;
  extendedProperties?: { private?: Record<string, string> };
}

export interface EventList {
  items?: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
  /** The calendar's zone, which all-day events are read in. */
  timeZone?: string;
}

/**
 * The event id of a booking: its ULID's characters as lowercase hex, a valid base32hex id (Google
 * allows only `a-v` and `0-9`) that is the same at every attempt.
 */
export const googleEventId = (bookingId: string): string => Buffer.from(bookingId, 'ascii').toString('hex');

const utcStamp = (at: DateTime) => at.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");

/** Google's id of an occurrence: the series' id and the occurrence's original start in UTC. */
export const instanceId = (eventId: string, originalStart: WallTime, zone: string) =>
  `${eventId}_${utcStamp(DateTime.fromISO(originalStart, { zone }))}`;

export const WALL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";
/** A wall time moved by `ms` on the wall clock (an occurrence keeps its wall-clock length). */
export const wallPlus = (wall: WallTime, ms: number) =>
  DateTime.fromISO(wall, { zone: 'UTC' }).plus({ milliseconds: ms }).toFormat(WALL_FORMAT);
export const wallLength = (start: WallTime, end: WallTime) =>
  DateTime.fromISO(end, { zone: 'UTC' }).toMillis() - DateTime.fromISO(start, { zone: 'UTC' }).toMillis();

/** `zone` when it is a zone luxon knows, otherwise `fallback`. */
export const knownZone = (zone: string | undefined, fallback: string) =>
  zone && DateTime.now().setZone(zone).isValid ? zone : fallback;

/**
 * The instant of an event's start or end, in the event's zone: a `dateTime` (with an offset, or in
 * its `timeZone`), or an all-day `date` at midnight in `zone` (the calendar's).
 */
export function zonedTime(time: EventTime | undefined, zone: string): DateTime | undefined {
  const own = knownZone(time?.timeZone, zone);
  const at = time?.dateTime
    ? DateTime.fromISO(time.dateTime, { zone: own })
    : time?.date
      ? DateTime.fromISO(time.date, { zone })
      : undefined;
  return at?.isValid ? at : undefined;
}

/** A wall time as rrule's "floating" Date: its UTC fields are the wall clock's. */
const floating = (wall: DateTime) =>
  new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
const placed = (date: Date, zone: string) =>
  DateTime.fromObject(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    },
    { zone },
  );

/** The starts a recurrence's `EXDATE` or `RDATE` lines name; values without `Z` are in their TZID. */
function datesOf(lines: string[], name: 'EXDATE' | 'RDATE', zone: string): DateTime[] {
  const found: DateTime[] = [];
  for (const line of lines.filter((l) => l.toUpperCase().startsWith(name))) {
    const colon = line.indexOf(':');
    const tzid = knownZone(/TZID=([^;:]+)/i.exec(line.slice(0, colon))?.[1], zone);
    for (const value of line.slice(colon + 1).split(',')) {
      const at = DateTime.fromFormat(
        value.replace(/Z$/i, ''),
        value.includes('T') ? "yyyyMMdd'T'HHmmss" : 'yyyyMMdd',
        {
          zone: /Z$/i.test(value) ? 'UTC' : tzid,
        },
      );
      if (at.isValid) found.push(at.setZone(zone));
    }
  }
  return found;
}

/**
 * The occurrences of a recurring event that overlap [`from`, `to`), at most {@link OCCURRENCE_LIMIT}:
 * its RRULE run on the wall clock of the event's zone (10:00 stays 10:00 across a DST change), plus
 * RDATEs, minus EXDATEs. An all-day series runs in the calendar's zone.
 */
export function occurrencesOf(master: GoogleEvent, calendarZone: string, from: DateTime, to: DateTime) {
  const zone = knownZone(master.start?.timeZone, calendarZone);
  const start = zonedTime(master.start, zone)?.setZone(zone);
  const end = zonedTime(master.end, zone)?.setZone(zone);
  const lines = master.recurrence ?? [];
  const ruleLine = lines.find((line) => /^RRULE:/i.test(line));
  if (!start || !end || !ruleLine) return [];
  let options: Partial<rruleModule.Options>;
  try {
    options = RRule.parseString(ruleLine.slice('RRULE:'.length));
  } catch {
    return [];
  }
  const length = floating(end).getTime() - floating(start).getTime();
  // UNTIL with Z is an instant; a date-only UNTIL includes that whole day; otherwise it is a wall time.
  const { until, ...rest } = options;
  const untilText = /UNTIL=([0-9TZ]+)/i.exec(ruleLine)?.[1] ?? '';
  const last = !until
    ? undefined
    : untilText.endsWith('Z')
      ? floating(DateTime.fromJSDate(until).setZone(zone))
      : untilText.length === 8
        ? new Date(until.getTime() + DAY_MS - 1000)
        : until;
  const rule = new RRule({ ...rest, dtstart: floating(start), tzid: null, ...(last ? { until: last } : {}) });
  const excluded = new Set(datesOf(lines, 'EXDATE', zone).map((at) => at.toMillis()));
  // A day either side of the window covers any offset between the wall clock and UTC.
  const starts = rule.between(
    new Date(floating(from.setZone(zone)).getTime() - length - DAY_MS),
    new Date(floating(to.setZone(zone)).getTime() + DAY_MS),
    true,
    (_date, count) => count < OCCURRENCE_LIMIT,
  );
  return [...starts.map((date) => placed(date, zone)), ...datesOf(lines, 'RDATE', zone)]
    .filter((at) => !excluded.has(at.toMillis()))
    .map((at) => ({ start: at, end: placed(new Date(floating(at).getTime() + length), zone) }))
    .filter((occurrence) => occurrence.end > from && occurrence.start < to);
}

const utcIso = (at: DateTime) => at.toUTC().toISO()!;
const bookingOf = (item: GoogleEvent) => item.extendedProperties?.private?.[BOOKING_PROPERTY];
const withBooking = (bookingId: string | undefined) => (bookingId ? { bookingId } : {});

/** A single event or a changed occurrence, as read. */
function instanceOf(item: GoogleEvent, calendarZone: string): ExternalInstance | undefined {
  const start = zonedTime(item.start, calendarZone);
  const end = zonedTime(item.end, calendarZone);
  if (!start || !end) return undefined;
  return {
    id: item.id,
    ...(item.recurringEventId ? { seriesId: item.recurringEventId } : {}),
    title: item.summary ?? '',
    startAt: utcIso(start),
    endAt: utcIso(end),
    ...withBooking(bookingOf(item)),
  };
}

/** One listed item as a change: a cancellation, a series expanded in the window, or an instance. */
export function changeOf(
  item: GoogleEvent,
  calendarZone: string,
  window: { from: Date; to: Date },
): ExternalChange[] {
  if (item.status === 'cancelled')
    return [
      {
        type: 'cancelled',
        id: item.id,
        ...(item.recurringEventId ? { seriesId: item.recurringEventId } : {}),
      },
    ];
  if (!item.recurringEventId && item.recurrence?.some((line) => /^RRULE:/i.test(line))) {
    const allDay = item.start?.date !== undefined;
    const occurrences = occurrencesOf(
      item,
      calendarZone,
      DateTime.fromJSDate(window.from),
      DateTime.fromJSDate(window.to),
    );
    const bookingId = bookingOf(item);
    return [
      {
        type: 'series',
        seriesId: item.id,
        ...withBooking(bookingId),
        instances: occurrences.map(({ start, end }) => ({
          id: `${item.id}_${allDay ? start.toFormat('yyyyMMdd') : utcStamp(start)}`,
          seriesId: item.id,
          title: item.summary ?? '',
          startAt: utcIso(start),
          endAt: utcIso(end),
          ...withBooking(bookingId),
        })),
      },
    ];
  }
  const instance = instanceOf(item, calendarZone);
  return instance ? [{ type: 'instance', instance }] : [];
}

/** The event's fields that a person sees, for the series or one occurrence. */
export function details(
  event: PushedEvent,
  shown: Pick<PushedEvent, 'title' | 'description' | 'start' | 'end' | 'attendees'>,
) {
  return {
    summary: shown.title,
    description: shown.description,
    location: event.location,
    start: { dateTime: shown.start, timeZone: event.timezone },
    end: { dateTime: shown.end, timeZone: event.timezone },
    attendees: shown.attendees.map(({ email, name }) => ({ email, ...(name ? { displayName: name } : {}) })),
    extendedProperties: { private: { [BOOKING_PROPERTY]: event.bookingId } },
    // A PUT of a deleted (cancelled) event brings it back.
    status: 'confirmed',
  };
}

/** An occurrence of a booking changed on its own (`PushedEvent.exceptions`). */
export type PushedException = PushedEvent['exceptions'][number];

/**
 * The starts the booking's rule makes, in its zone and in order, EXDATEs ignored (at most
 * {@link OCCURRENCE_LIMIT}, the product's own bound): the rule read as RFC 5545 and rrule read it,
 * the reading the product's series follow (shared/rule-starts.ts). Both clients use it: Google's to
 * tell occurrences of the rule from the rest, Graph's also to write a series as its occurrences.
 */
export function ruleStarts(event: PushedEvent): DateTime[] {
  const first = DateTime.fromISO(event.start, { zone: event.timezone });
  if (!event.rrule) return [first];
  const master = { id: '', ...masterOf({ ...event, exdates: [] }) };
  return occurrencesOf(master, event.timezone, first.minus({ days: 1 }), first.plus({ years: 1000 })).map(
    (occurrence) => occurrence.start,
  );
}

/**
 * The booking's changed occurrences split by whether the rule still makes their original start:
 * `inRule` ones are exceptions of the series; `orphans` are kept by the product after an edit of
 * the whole series dropped their start (shared/series-edit.ts), and are written beside it.
 */
export function splitExceptions(event: PushedEvent): {
  inRule: PushedException[];
  orphans: PushedException[];
} {
  if (!event.rrule || event.exceptions.length === 0) return { inRule: event.exceptions, orphans: [] };
  const starts = new Set(ruleStarts(event).map((start) => start.toMillis()));
  const made = (exception: PushedException) =>
    starts.has(DateTime.fromISO(exception.originalStart, { zone: event.timezone }).toMillis());
  return {
    inRule: event.exceptions.filter(made),
    orphans: event.exceptions.filter((exception) => !made(exception)),
  };
}

/**
 * Every occurrence the product shows of a booking, as events of their own, in order of original
 * start: the rule's starts but the deleted ones, each changed one as it was changed, and the
 * changed ones the rule no longer makes. For a rule a provider cannot express.
 */
export function occurrencesAsSingles(event: PushedEvent): PushedException[] {
  const zone = event.timezone;
  const instant = (wall: WallTime) => DateTime.fromISO(wall, { zone }).toMillis();
  const changed = new Map(event.exceptions.map((exception) => [instant(exception.originalStart), exception]));
  const deleted = new Set(event.exdates.map(instant));
  const length = wallLength(event.start, event.end);
  const singles: Array<PushedException & { at: number }> = [];
  for (const start of ruleStarts(event)) {
    const at = start.toMillis();
    if (changed.has(at) || deleted.has(at)) continue;
    const wall = start.toFormat(WALL_FORMAT);
    singles.push({
      at,
      originalStart: wall,
      title: event.title,
      description: event.description,
      start: wall,
      end: wallPlus(wall, length),
      attendees: event.attendees,
    });
  }
  for (const [at, exception] of changed) singles.push({ at, ...exception });
  return singles.sort((a, b) => a.at - b.at).map(({ at: _at, ...single }) => single);
}

/**
 * The id of an event written beside a booking's series for the occurrence first due at
 * `originalStart` (see google.ts): lowercase hex as {@link googleEventId}, the same at every attempt.
 */
export const googleExtraId = (bookingId: string, originalStart: WallTime): string =>
  Buffer.from(`${bookingId}/${originalStart}`, 'ascii').toString('hex');

/** The series' (or single event's) resource; PUT replaces every field, so absent ones are cleared. */
export function masterOf(event: PushedEvent) {
  const compact = (wall: WallTime) => wall.replace(/[-:]/g, '');
  const exdates = event.exdates.length
    ? [`EXDATE;TZID=${event.timezone}:${event.exdates.map(compact).join(',')}`]
    : [];
  return {
    ...details(event, event),
    ...(event.rrule ? { recurrence: [`RRULE:${event.rrule}`, ...exdates] } : {}),
  };
}
