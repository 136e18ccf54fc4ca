import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { isOccurrence, occurrences, parseRRuleLine, type Series } from './standin-recurrence';
import { opaqueToken, StandInError } from './standin-server';

/**
 * The events of the Google Calendar stand-in (`google-calendar.ts`): Google's event resource as
 * the v3 reference describes it, kept as JSON, with a change number per write so that a sync
 * token is "every change after number N" and a deleted event stays as `status: "cancelled"`.
 */

export type Json = Record<string, unknown>;

export interface Calendar {
  id: string;
  owner: string;
  summary: string;
  timeZone: string;
  primary: boolean;
  events: Map<string, { event: Json; seq: number }>;
}

/** The fields a client writes; the rest are the server's. */
const WRITABLE = [
  'summary',
  'description',
  'location',
  'start',
  'end',
  'recurrence',
  'attendees',
  'extendedProperties',
  'transparency',
  'visibility',
  'colorId',
  'reminders',
  'status',
] as const;
/** Parameters that Google refuses beside a sync token. */
const RESTRICTIONS = [
  'timeMin',
  'timeMax',
  'updatedMin',
  'q',
  'orderBy',
  'iCalUID',
  'privateExtendedProperty',
  'sharedExtendedProperty',
];
const invalid = (message: string) => new StandInError(400, 'invalid', message);
const notFound = () => new StandInError(404, 'notFound', 'Not Found');
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The instant of an event's `start` or `end` (`{ dateTime, timeZone? }` or `{ date }`). */
function instantOf(time: unknown, zone: string, field: string): DateTime {
  if (!isObject(time)) throw new StandInError(400, 'required', `Missing ${field} time.`);
  const timeZone = typeof time.timeZone === 'string' ? time.timeZone : zone;
  const parsed =
    typeof time.dateTime === 'string'
      ? DateTime.fromISO(time.dateTime, { zone: timeZone, setZone: /([+-]\d\d:\d\d|Z)$/.test(time.dateTime) })
      : typeof time.date === 'string'
        ? DateTime.fromISO(time.date, { zone: timeZone })
        : undefined;
  if (!parsed?.isValid) throw invalid(`Invalid ${field} time.`);
  return typeof time.dateTime === 'string' ? parsed.setZone(timeZone) : parsed;
}

const stampOf = (start: DateTime, allDay: boolean) =>
  allDay ? start.toFormat('yyyyMMdd') : start.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");

function seriesOf(master: Json, zone: string): Series | undefined {
  const lines = Array.isArray(master.recurrence) ? master.recurrence.map(String) : [];
  const rule = lines.map(parseRRuleLine).find(Boolean);
  if (!rule || master.status === 'cancelled') return undefined;
  const start = instantOf(master.start, zone, 'start');
  const end = instantOf(master.end, zone, 'end');
  const excluded = new Set<number>();
  for (const line of lines.filter((l) => /^EXDATE/i.test(l))) {
    const tzid = /TZID=([^:;]+)/i.exec(line)?.[1] ?? start.zoneName ?? zone;
    for (const value of line.slice(line.lastIndexOf(':') + 1).split(',')) {
      const at = DateTime.fromFormat(
        value.replace(/Z$/, ''),
        value.length > 8 ? "yyyyMMdd'T'HHmmss" : 'yyyyMMdd',
        {
          zone: value.endsWith('Z') ? 'UTC' : tzid,
        },
      );
      if (at.isValid) excluded.add(at.toMillis());
    }
  }
  return { start, durationMs: end.toMillis() - start.toMillis(), rule, excluded };
}

export function googleEvents() {
  let seq = 0;
  const syncTokens = new Map<string, { calendarId: string; seq: number }>();
  const pages = new Map<
    string,
    { calendarId: string; items: Json[]; offset: number; size: number; syncSeq: number }
  >();

  const save = (calendar: Calendar, event: Json) => {
    seq += 1;
    const now = new Date();
    event.updated = now.toISOString();
    event.etag = `"${now.getTime() * 1000 + (seq % 1000)}"`;
    calendar.events.set(String(event.id), { event, seq });
    return event;
  };

  /** Checks the times and the rule of `event`, as Google answers a bad one. */
  const validate = (calendar: Calendar, event: Json) => {
    const start = instantOf(event.start, calendar.timeZone, 'start');
    const end = instantOf(event.end, calendar.timeZone, 'end');
    if (end < start) throw new StandInError(400, 'timeRangeEmpty', 'The specified time range is empty.');
    if (event.recurrence !== undefined && event.recurrence !== null) {
      const lines = event.recurrence;
      if (
        !Array.isArray(lines) ||
        !lines.every((l) => typeof l === 'string' && /^(RRULE|EXDATE|RDATE|EXRULE)[:;]/i.test(l))
      )
        throw invalid('Invalid recurrence rule.');
      if (!lines.some((l) => parseRRuleLine(l))) throw invalid('Invalid recurrence rule.');
      const { start: time } = event as { start: Json };
      if (typeof time.dateTime === 'string' && typeof time.timeZone !== 'string')
        throw new StandInError(400, 'invalid', 'Missing time zone definition for start time.');
    }
    if (Array.isArray(event.attendees))
      event.attendees = event.attendees.map((attendee: unknown) => {
        if (!isObject(attendee) || typeof attendee.email !== 'string')
          throw invalid('Invalid attendee email.');
        return { responseStatus: 'needsAction', ...attendee };
      });
  };

  /** An occurrence of a recurring event by its instance id, as Google computes it. */
  const instance = (calendar: Calendar, id: string): Json | undefined => {
    const match = /^(.+)_(\d{8})(T\d{6}Z)?$/.exec(id);
    const master = match ? calendar.events.get(match[1]!)?.event : undefined;
    if (!match || !master) return undefined;
    const series = seriesOf(master, calendar.timeZone);
    const allDay = isObject(master.start) && typeof master.start.date === 'string';
    const start = allDay
      ? DateTime.fromFormat(match[2]!, 'yyyyMMdd', { zone: series?.start.zoneName ?? 'UTC' })
      : DateTime.fromFormat(`${match[2]}${match[3] ?? ''}`, "yyyyMMdd'T'HHmmss'Z'", { zone: 'UTC' });
    if (!series || !start.isValid || !isOccurrence(series, start)) return undefined;
    const zoned = start.setZone(series.start.zoneName ?? 'UTC');
    const end = zoned.plus({ milliseconds: series.durationMs });
    const time = (at: DateTime) =>
      allDay
        ? { date: at.toISODate() }
        : { dateTime: at.toISO({ suppressMilliseconds: true }), timeZone: at.zoneName };
    const { recurrence: _recurrence, ...rest } = master;
    return {
      ...rest,
      id,
      recurringEventId: master.id,
      originalStartTime: time(zoned),
      start: time(zoned),
      end: time(end),
    };
  };

  const listed = (event: Json): Json =>
    event.status === 'cancelled'
      ? Object.fromEntries(
          ['kind', 'etag', 'id', 'status', 'updated', 'recurringEventId', 'originalStartTime']
            .filter((key) => event[key] !== undefined)
            .map((key) => [key, event[key]]),
        )
      : event;

  const inWindow = (calendar: Calendar, event: Json, min?: DateTime, max?: DateTime) => {
    if (!min && !max) return true;
    const zone = calendar.timeZone;
    if (event.status === 'cancelled') {
      const original = instantOf(event.originalStartTime ?? event.start, zone, 'start');
      return (!min || original >= min) && (!max || original < max);
    }
    const series = seriesOf(event, zone);
    if (series) return occurrences(series, min, max, 1).length > 0;
    return (
      (!min || instantOf(event.end, zone, 'end') > min) &&
      (!max || instantOf(event.start, zone, 'start') < max)
    );
  };

  const bound = (query: URLSearchParams, name: string) => {
    const text = query.get(name);
    if (text === null) return undefined;
    const at = DateTime.fromISO(text, { setZone: true });
    if (!at.isValid || !/([+-]\d\d:?\d\d|Z)$/.test(text))
      throw new StandInError(400, 'badRequest', 'Bad Request');
    return at;
  };

  const page = (calendar: Calendar, items: Json[], size: number, syncSeq: number, offset = 0): Json => {
    const more = offset + size < items.length;
    const token = opaqueToken();
    if (more) pages.set(token, { calendarId: calendar.id, items, offset: offset + size, size, syncSeq });
    else syncTokens.set(token, { calendarId: calendar.id, seq: syncSeq });
    return {
      kind: 'calendar#events',
      etag: `"${syncSeq}"`,
      summary: calendar.summary,
      updated: new Date().toISOString(),
      timeZone: calendar.timeZone,
      accessRole: 'owner',
      defaultReminders: [],
      ...(more ? { nextPageToken: token } : { nextSyncToken: token }),
      items: items.slice(offset, offset + size),
    };
  };

  return {
    list(calendar: Calendar, query: URLSearchParams): Json {
      if (query.get('singleEvents') === 'true')
        throw invalid(
          'singleEvents=true is not supported by the local stand-in: list series and their exceptions.',
        );
      const pageToken = query.get('pageToken');
      if (pageToken) {
        const kept = pages.get(pageToken);
        if (!kept || kept.calendarId !== calendar.id) throw invalid('Invalid page token value.');
        return page(calendar, kept.items, kept.size, kept.syncSeq, kept.offset);
      }
      const size = Math.min(Math.max(Number(query.get('maxResults') ?? 250) || 250, 1), 2500);
      const stored = [...calendar.events.values()].sort((a, b) => a.seq - b.seq);
      const syncToken = query.get('syncToken');
      if (syncToken) {
        if (RESTRICTIONS.some((name) => query.has(name)))
          throw new StandInError(
            400,
            'invalid',
            'Sync token cannot be used with other request restrictions.',
          );
        const since = syncTokens.get(syncToken);
        if (!since || since.calendarId !== calendar.id)
          throw new StandInError(
            410,
            'fullSyncRequired',
            'Sync token is no longer valid, a full sync is required.',
          );
        const changed = stored.filter((item) => item.seq > since.seq).map((item) => listed(item.event));
        return page(calendar, changed, size, seq);
      }
      const showDeleted = query.get('showDeleted') === 'true';
      const [min, max, updatedMin] = [
        bound(query, 'timeMin'),
        bound(query, 'timeMax'),
        bound(query, 'updatedMin'),
      ];
      const wanted = query.getAll('privateExtendedProperty').map((pair) => pair.split('='));
      const items = stored
        .map((item) => item.event)
        // Cancelled occurrences of series are listed even without showDeleted (the reference says so).
        .filter(
          (event) => event.status !== 'cancelled' || showDeleted || event.recurringEventId !== undefined,
        )
        .filter((event) => !updatedMin || DateTime.fromISO(String(event.updated)) >= updatedMin)
        .filter((event) => {
          const own = (event.extendedProperties as { private?: Json } | undefined)?.private ?? {};
          return wanted.every(([key, value]) => own[key!] === value);
        })
        .filter((event) => inWindow(calendar, event, min, max))
        .map(listed);
      return page(calendar, items, size, seq);
    },

    insert(calendar: Calendar, body: Json): Json {
      const id =
        body.id === undefined ? randomBytes(16).toString('hex').replace(/[w-z]/g, 'v') : String(body.id);
      if (!/^[a-v0-9]{5,1024}$/.test(id)) throw invalid('Invalid resource id value.');
      if (calendar.events.has(id))
        throw new StandInError(409, 'duplicate', 'The requested identifier already exists.');
      const now = new Date().toISOString();
      const event: Json = {
        kind: 'calendar#event',
        id,
        status: 'confirmed',
        htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${calendar.id}`).toString('base64url')}`,
        created: now,
        creator: { email: calendar.owner, self: true },
        organizer: { email: calendar.id, displayName: calendar.summary, self: true },
        ...Object.fromEntries(
          WRITABLE.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
        ),
        iCalUID: typeof body.iCalUID === 'string' ? body.iCalUID : `${id}@google.com`,
        sequence: 0,
        reminders: isObject(body.reminders) ? body.reminders : { useDefault: true },
        eventType: 'default',
      };
      validate(calendar, event);
      return save(calendar, event);
    },

    get(calendar: Calendar, id: string): Json {
      const found = calendar.events.get(id)?.event ?? instance(calendar, id);
      if (!found) throw notFound();
      return found;
    },

    /** PUT (`replace`: the writable fields are the body's) or PATCH (`merge`). */
    update(calendar: Calendar, id: string, body: Json, mode: 'replace' | 'merge'): Json {
      const current = calendar.events.get(id)?.event ?? instance(calendar, id);
      if (!current) throw notFound();
      const next: Json = { ...current };
      if (mode === 'replace') for (const key of WRITABLE) delete next[key];
      for (const key of WRITABLE) {
        if (!(key in body)) continue;
        const value = body[key];
        if (value === null) delete next[key];
        else if (mode === 'merge' && isObject(value) && isObject(next[key]))
          next[key] = mergeDeep(next[key] as Json, value);
        else next[key] = value;
      }
      next.status ??= 'confirmed';
      next.sequence = Number(current.sequence ?? 0) + 1;
      validate(calendar, next);
      return save(calendar, next);
    },

    remove(calendar: Calendar, id: string): void {
      const stored = calendar.events.get(id)?.event;
      if (stored?.status === 'cancelled') throw new StandInError(410, 'deleted', 'Resource has been deleted');
      const current = stored ?? instance(calendar, id);
      if (!current) throw notFound();
      save(calendar, { ...current, status: 'cancelled' });
      if (stored && stored.recurrence)
        for (const { event } of [...calendar.events.values()])
          if (event.recurringEventId === id && event.status !== 'cancelled')
            save(calendar, { ...event, status: 'cancelled' });
    },

    /** Every item as stored: series, single events and exceptions (cancelled ones on request). */
    stored(calendar: Calendar, showDeleted: boolean): Json[] {
      return [...calendar.events.values()]
        .sort((a, b) => a.seq - b.seq)
        .map((item) => item.event)
        .filter((event) => showDeleted || event.status !== 'cancelled');
    },

    /** Forgets sync tokens (of one calendar, or all) and pages under way: their next use is a 410. */
    expire(calendarId?: string): number {
      let expired = 0;
      for (const [token, state] of syncTokens)
        if (!calendarId || state.calendarId === calendarId) expired += Number(syncTokens.delete(token));
      for (const [token, state] of pages)
        if (!calendarId || state.calendarId === calendarId) pages.delete(token);
      return expired;
    },

    stampOf,
  };
}

function mergeDeep(base: Json, patch: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (isObject(value) && isObject(merged[key])) merged[key] = mergeDeep(merged[key] as Json, value);
    else merged[key] = value;
  }
  return merged;
}
