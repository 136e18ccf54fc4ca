import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Options } from 'rrule';
import { occurrences, RRule, type Series } from './standin-recurrence';
import { StandInError } from './standin-server';

/**
 * The events of the Microsoft Graph stand-in (`microsoft-graph.ts`), as Graph v1.0's event
 * resource describes them: single instances, series masters with a patternedRecurrence, and
 * exceptions (a changed occurrence, stored under the occurrence's id). Occurrences are computed
 * from their master when read; a deleted occurrence is remembered on its master. A deleted event
 * is gone: calendarView delta tells it by comparing views (`@removed`).
 */

export type Json = Record<string, unknown>;

export interface GraphCalendar {
  id: string;
  owner: string;
  name: string;
  isDefault: boolean;
  changeKey: string;
  events: Map<string, StoredEvent>;
}

interface StoredEvent {
  event: Json;
  /** Of a series master: the starts (ms) of its deleted occurrences. */
  cancelled: Set<number>;
}

/** The fields a client writes; the rest are the server's. */
const WRITABLE = [
  'subject',
  'body',
  'start',
  'end',
  'location',
  'locations',
  'attendees',
  'recurrence',
  'categories',
  'showAs',
  'isAllDay',
  'importance',
  'sensitivity',
  'isReminderOn',
  'reminderMinutesBeforeStart',
  'singleValueExtendedProperties',
] as const;

/** Windows zone names Outlook uses, for the few most met; IANA names are read as they are. */
const WINDOWS_ZONES: Record<string, string> = {
  'Pacific Standard Time': 'America/Los_Angeles',
  'Mountain Standard Time': 'America/Denver',
  'Central Standard Time': 'America/Chicago',
  'Eastern Standard Time': 'America/New_York',
  'GMT Standard Time': 'Europe/London',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Romance Standard Time': 'Europe/Paris',
  'Central Europe Standard Time': 'Europe/Budapest',
  'India Standard Time': 'Asia/Kolkata',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'AUS Eastern Standard Time': 'Australia/Sydney',
};
const WEEKDAYS: Record<string, number> = {
  monday: 0,
  tuesday: 1,
  wednesday: 2,
  thursday: 3,
  friday: 4,
  saturday: 5,
  sunday: 6,
};
const INDEX: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: -1 };

export const graphInvalid = (message: string) => new StandInError(400, 'ErrorInvalidRequest', message);
export const graphNotFound = () =>
  new StandInError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An IANA zone for a Graph `timeZone`, or a 400 as Graph answers an unknown one. */
export function zoneOf(name: unknown): string {
  const zone = typeof name === 'string' ? (WINDOWS_ZONES[name] ?? name) : 'UTC';
  if (!DateTime.now().setZone(zone).isValid)
    throw new StandInError(400, 'TimeZoneNotSupportedException', `A valid TimeZone value must be specified.`);
  return zone;
}

/** The instant of a `dateTimeTimeZone`. */
function instantOf(time: unknown, field: string): DateTime {
  if (!isObject(time) || typeof time.dateTime !== 'string') throw graphInvalid(`${field} is required.`);
  const at = DateTime.fromISO(time.dateTime, { zone: zoneOf(time.timeZone) });
  if (!at.isValid) throw graphInvalid(`Cannot convert the literal '${time.dateTime}' to the expected type.`);
  return at;
}

/** A `dateTimeTimeZone` as Graph writes it, in `zone` (UTC unless `Prefer: outlook.timezone`). */
export function graphTime(at: DateTime, zone: string): Json {
  return { dateTime: at.setZone(zoneOf(zone)).toFormat("yyyy-MM-dd'T'HH:mm:ss'.0000000'"), timeZone: zone };
}

/** rrule's reading of a patternedRecurrence, and the series' first start. */
function seriesOf(master: Json, cancelled: Set<number>): Series | undefined {
  const recurrence = master.recurrence;
  if (!isObject(recurrence)) return undefined;
  const { pattern, range } = recurrence as { pattern?: Json; range?: Json };
  if (!isObject(pattern) || !isObject(range) || typeof range.startDate !== 'string')
    throw graphInvalid('The recurrence needs a pattern and a range with a startDate.');
  const start = instantOf(master.start, 'Start');
  const zone = zoneOf((range.recurrenceTimeZone as string | undefined) ?? (master.start as Json).timeZone);
  const wall = start.setZone(zone);
  const first = DateTime.fromISO(range.startDate, { zone }).set({
    hour: wall.hour,
    minute: wall.minute,
    second: wall.second,
  });
  const days = Array.isArray(pattern.daysOfWeek) ? pattern.daysOfWeek.map((d) => WEEKDAYS[String(d)]) : [];
  if (days.some((d) => d === undefined) || !first.isValid)
    throw graphInvalid('The recurrence pattern is not valid.');
  const interval = Number(pattern.interval ?? 1);
  const byweekday = days as number[];
  const bysetpos = INDEX[String(pattern.index ?? 'first')];
  const rules: Record<string, Partial<Options>> = {
    daily: { freq: RRule.DAILY },
    weekly: {
      freq: RRule.WEEKLY,
      byweekday,
      wkst: WEEKDAYS[String(pattern.firstDayOfWeek ?? 'sunday')] ?? 6,
    },
    absoluteMonthly: { freq: RRule.MONTHLY, bymonthday: Number(pattern.dayOfMonth) },
    relativeMonthly: { freq: RRule.MONTHLY, byweekday, bysetpos },
    absoluteYearly: {
      freq: RRule.YEARLY,
      bymonth: Number(pattern.month),
      bymonthday: Number(pattern.dayOfMonth),
    },
    relativeYearly: { freq: RRule.YEARLY, bymonth: Number(pattern.month), byweekday, bysetpos },
  };
  const rule = rules[String(pattern.type)];
  if (!rule || !(interval >= 1)) throw graphInvalid('The recurrence pattern is not valid.');
  const end =
    range.type === 'numbered'
      ? { count: Number(range.numberOfOccurrences) }
      : range.type === 'endDate' && typeof range.endDate === 'string'
        ? { until: DateTime.fromISO(range.endDate, { zone }).endOf('day').toJSDate() }
        : {};
  const duration = instantOf(master.end, 'End').toMillis() - start.toMillis();
  return { start: first, durationMs: duration, rule: { ...rule, interval, ...end }, excluded: cancelled };
}

const occurrenceId = (masterId: string, start: DateTime) =>
  `${masterId}_${start.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`;

export function graphEvents() {
  const stamp = (event: Json) => {
    const changeKey = randomBytes(12).toString('base64');
    event.changeKey = changeKey;
    event['@odata.etag'] = `W/"${changeKey}"`;
    event.lastModifiedDateTime = new Date().toISOString();
    return event;
  };

  const validate = (event: Json) => {
    const start = instantOf(event.start, 'Start');
    if (instantOf(event.end, 'End') < start) throw graphInvalid('The end of the event is before its start.');
    if (event.recurrence !== undefined && event.recurrence !== null) seriesOf(event, new Set());
    if (Array.isArray(event.attendees))
      event.attendees = event.attendees.map((attendee: unknown) => {
        const address =
          isObject(attendee) && isObject(attendee.emailAddress) ? attendee.emailAddress.address : undefined;
        if (typeof address !== 'string')
          throw graphInvalid('An attendee needs an emailAddress with an address.');
        return {
          type: 'required',
          status: { response: 'none', time: '0001-01-01T00:00:00Z' },
          ...(attendee as Json),
        };
      });
    event.type =
      event.type === 'exception'
        ? 'exception'
        : isObject(event.recurrence)
          ? 'seriesMaster'
          : 'singleInstance';
    event.bodyPreview = String((event.body as Json | undefined)?.content ?? '').slice(0, 255);
  };

  /** An occurrence of a series by its id, computed from its master. */
  const occurrence = (calendar: GraphCalendar, id: string): Json | undefined => {
    const match = /^(.+)_(\d{8}T\d{6}Z)$/.exec(id);
    const master = match ? calendar.events.get(match[1]!) : undefined;
    if (!match || !master || master.event.type !== 'seriesMaster') return undefined;
    const start = DateTime.fromFormat(match[2]!, "yyyyMMdd'T'HHmmss'Z'", { zone: 'UTC' });
    const series = seriesOf(master.event, master.cancelled)!;
    const found = occurrences(series, start, start.plus({ milliseconds: 1 }), 5).find(
      (at) => at.toMillis() === start.toMillis(),
    );
    return found ? occurrenceOf(master.event, series, found) : undefined;
  };

  const occurrenceOf = (master: Json, series: Series, start: DateTime): Json => {
    const zone = String((master.start as Json).timeZone ?? 'UTC');
    return {
      ...master,
      id: occurrenceId(String(master.id), start),
      type: 'occurrence',
      seriesMasterId: master.id,
      recurrence: null,
      originalStart: start.toUTC().toISO(),
      start: graphTime(start, zone),
      end: graphTime(start.plus({ milliseconds: series.durationMs }), zone),
    };
  };

  return {
    /** The event's writable fields from `body`, with the server's fields, stored in `calendar`. */
    create(calendar: GraphCalendar, body: Json): Json {
      if (typeof body.transactionId === 'string') {
        const same = [...calendar.events.values()].find(
          (item) => item.event.transactionId === body.transactionId,
        );
        if (same) return same.event;
      }
      const id = `AAMk${randomBytes(24).toString('base64url')}`;
      const now = new Date().toISOString();
      const event: Json = {
        id,
        createdDateTime: now,
        transactionId: typeof body.transactionId === 'string' ? body.transactionId : null,
        categories: [],
        iCalUId: `040000008200E00074C5B7101A82E008${randomUUID().replaceAll('-', '').toUpperCase()}`,
        subject: '',
        body: { contentType: 'text', content: '' },
        importance: 'normal',
        sensitivity: 'normal',
        isAllDay: false,
        isCancelled: false,
        isOrganizer: true,
        showAs: 'busy',
        seriesMasterId: null,
        recurrence: null,
        attendees: [],
        organizer: { emailAddress: { name: calendar.owner, address: calendar.owner } },
        ...Object.fromEntries(
          WRITABLE.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
        ),
      };
      event.originalStartTimeZone = (event.start as Json | undefined)?.timeZone;
      event.originalEndTimeZone = (event.end as Json | undefined)?.timeZone;
      validate(event);
      calendar.events.set(id, { event: stamp(event), cancelled: new Set() });
      return event;
    },

    /** A stored event, or an occurrence of a series. */
    find(calendar: GraphCalendar, id: string): Json | undefined {
      return calendar.events.get(id)?.event ?? occurrence(calendar, id);
    },

    /** PATCH: the body's writable fields replace the event's; an occurrence becomes an exception. */
    update(calendar: GraphCalendar, id: string, body: Json): Json {
      const current = calendar.events.get(id)?.event ?? occurrence(calendar, id);
      if (!current) throw graphNotFound();
      const next: Json = { ...current };
      if (current.type === 'occurrence') next.type = 'exception';
      for (const key of WRITABLE) if (key in body) next[key] = body[key];
      if (next.type === 'exception' && body.recurrence) throw graphInvalid('An occurrence cannot recur.');
      validate(next);
      const kept = calendar.events.get(id);
      calendar.events.set(id, { event: stamp(next), cancelled: kept?.cancelled ?? new Set() });
      return next;
    },

    remove(calendar: GraphCalendar, id: string): void {
      const stored = calendar.events.get(id);
      if (stored) {
        calendar.events.delete(id);
        for (const [key, item] of calendar.events)
          if (item.event.seriesMasterId === id) calendar.events.delete(key);
      }
      const current = stored?.event ?? occurrence(calendar, id);
      if (!current) throw graphNotFound();
      if (current.type === 'occurrence' || current.type === 'exception') {
        const master = calendar.events.get(String(current.seriesMasterId));
        // The other occurrences are unchanged: a delta round reports this one only.
        master?.cancelled.add(DateTime.fromISO(String(current.originalStart)).toMillis());
      }
    },

    /** Stored events: singles, series masters and exceptions. */
    stored(calendar: GraphCalendar): Json[] {
      return [...calendar.events.values()].map((item) => item.event);
    },

    /**
     * The calendar view of [`from`, `to`): single instances, occurrences and exceptions, keyed by
     * id, as `calendarView` lists them.
     */
    view(calendar: GraphCalendar, from: DateTime, to: DateTime): Map<string, Json> {
      const found = new Map<string, Json>();
      const overlaps = (event: Json) =>
        instantOf(event.end, 'End') > from && instantOf(event.start, 'Start') < to;
      for (const { event, cancelled } of calendar.events.values()) {
        if (event.type === 'seriesMaster') {
          const series = seriesOf(event, cancelled)!;
          for (const start of occurrences(series, from, to)) {
            const id = occurrenceId(String(event.id), start);
            if (!calendar.events.has(id)) found.set(id, occurrenceOf(event, series, start));
          }
        } else if (overlaps(event)) found.set(String(event.id), event);
      }
      return found;
    },
  };
}
