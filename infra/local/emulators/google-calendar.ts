import { randomBytes } from 'node:crypto';
import { LOCAL_CALENDAR_CLIENTS } from './calendar-clients';
import type { Log } from './processes';
import {
  bearerOf,
  introspection,
  opaqueToken,
  reply,
  startStandIn,
  StandInError,
  stringField,
  type Incoming,
  type Reply,
  type RunningStandIn,
  type TokenCheck,
  type TokenOwner,
} from './standin-server';
import { googleChannels } from './google-channels';
import { googleEvents, type Calendar, type Json } from './google-events';

/**
 * A stand-in for the part of Google Calendar API v3 that linked calendars use, built from its
 * public reference (developers.google.com/calendar/api/v3/reference): under `/calendar/v3`,
 * `GET /users/me/calendarList` (paged), `GET /calendars/{id}`, and the events of a calendar —
 * list with `pageToken`/`nextPageToken`, `syncToken`/`nextSyncToken` (410 `fullSyncRequired`
 * when unknown or expired), `showDeleted`, `timeMin`/`timeMax`, `privateExtendedProperty`;
 * insert (a client-chosen base32hex `id`, 409 `duplicate`), get, update, patch and delete, also
 * of one occurrence by its instance id `<eventId>_<YYYYMMDDTHHMMSSZ>`. Recurring events are one
 * item with `recurrence: ["RRULE:…"]`; a changed or deleted occurrence is its own item with
 * `recurringEventId` and `originalStartTime`. `singleEvents=true` is refused (400): the stand-in
 * does not expand series into instances. `POST /calendars/{id}/events/watch` and
 * `POST /channels/stop` open and close push notification channels (google-channels.ts): every
 * change of a watched calendar's events, through the API or the control API, is told to them.
 *
 * Every account (the e-mail address of the access token) has its primary calendar, whose id is
 * the address, and a second one, "Room calendars", made on first use. Tokens are the local
 * OpenID provider's for the Google calendar client; errors have Google's shape
 * `{ error: { code, message, errors: [{ domain, reason, message }] } }`.
 *
 * The control API (`/_local/…`, no auth) is documented in README.md and used by
 * test/unit/emulators/google-calendar.test.ts.
 */

const BASE = ['calendar', 'v3'];
const READ_SCOPES = LOCAL_CALENDAR_CLIENTS.google.scopes;
const WRITE_SCOPES = [
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
];

const reasons: Record<number, { reason: string; message: string; domain?: string }> = {
  400: { reason: 'badRequest', message: 'Bad Request' },
  401: { reason: 'authError', message: 'Invalid Credentials' },
  403: { reason: 'forbidden', message: 'Forbidden' },
  404: { reason: 'notFound', message: 'Not Found' },
  409: { reason: 'duplicate', message: 'The requested identifier already exists.' },
  410: { reason: 'deleted', message: 'Resource has been deleted' },
  429: { reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded', domain: 'usageLimits' },
  500: { reason: 'backendError', message: 'Backend Error' },
  503: { reason: 'backendError', message: 'Backend Error' },
};

const notFound = () => new StandInError(404, 'notFound', 'Not Found');

export interface GoogleCalendarStandIn extends RunningStandIn {
  /** `…/calendar/v3`, what the API calls Google Calendar's base. */
  apiUrl: string;
}

/** Starts the Google Calendar stand-in on 127.0.0.1:`port`, accepting `issuer`'s tokens. */
export async function startGoogleCalendar({
  port,
  issuer,
  log,
  verify = introspection(issuer, LOCAL_CALENDAR_CLIENTS.google.resource),
}: {
  port: number;
  issuer: string;
  log: Log;
  verify?: TokenCheck;
}): Promise<GoogleCalendarStandIn> {
  const calendars = new Map<string, Calendar>();
  const store = googleEvents();
  const channels = googleChannels(log);
  let apiUrl = '';

  const accountCalendars = (email: string): Calendar[] => {
    const owner = email.toLowerCase();
    if (!calendars.has(owner)) {
      addCalendar(owner, owner, true);
      addCalendar(owner, 'Room calendars', false);
    }
    return [...calendars.values()].filter((calendar) => calendar.owner === owner);
  };
  const addCalendar = (owner: string, summary: string, primary: boolean, timeZone = 'UTC'): Calendar => {
    const id = primary ? owner : `${randomBytes(16).toString('hex')}@group.calendar.google.com`;
    const calendar: Calendar = { id, owner, summary, timeZone, primary, events: new Map() };
    calendars.set(id, calendar);
    return calendar;
  };
  /** A calendar by id (an address makes its account's calendars), for its owner only. */
  const calendarOf = (id: string, owner?: string): Calendar => {
    if (id === 'primary' && owner) return accountCalendars(owner)[0]!;
    if (id.includes('@') && !id.endsWith('@group.calendar.google.com')) accountCalendars(id);
    const calendar = calendars.get(id.toLowerCase()) ?? calendars.get(id);
    if (!calendar || (owner !== undefined && calendar.owner !== owner)) throw notFound();
    return calendar;
  };
  const listEntry = (calendar: Calendar): Json => ({
    kind: 'calendar#calendarListEntry',
    etag: `"${calendar.events.size}"`,
    id: calendar.id,
    summary: calendar.summary,
    timeZone: calendar.timeZone,
    colorId: calendar.primary ? '14' : '7',
    backgroundColor: calendar.primary ? '#9fe1e7' : '#42d692',
    foregroundColor: '#000000',
    selected: true,
    accessRole: 'owner',
    defaultReminders: [],
    ...(calendar.primary ? { primary: true } : {}),
  });

  const listPages = new Map<string, number>();
  const calendarList = (owner: string, query: URLSearchParams): Reply => {
    const size = Math.min(Number(query.get('maxResults') ?? 100) || 100, 250);
    const token = query.get('pageToken');
    const offset = token ? listPages.get(`${owner} ${token}`) : 0;
    if (offset === undefined) throw new StandInError(400, 'invalid', 'Invalid page token value.');
    const all = accountCalendars(owner);
    const next = offset + size < all.length ? opaqueToken() : undefined;
    if (next) listPages.set(`${owner} ${next}`, offset + size);
    return reply(200, {
      kind: 'calendar#calendarList',
      etag: `"${all.length}"`,
      ...(next ? { nextPageToken: next } : { nextSyncToken: opaqueToken() }),
      items: all.slice(offset, offset + size).map(listEntry),
    });
  };

  const authorize = async (request: Incoming, write: boolean): Promise<TokenOwner> => {
    const token = bearerOf(request.headers);
    const owner = token ? await verify(token) : undefined;
    if (!owner)
      throw new StandInError(401, 'authError', 'Invalid Credentials', {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    const allowed = write ? WRITE_SCOPES : READ_SCOPES;
    if (!allowed.some((scope) => owner.scopes.has(scope)))
      throw new StandInError(
        403,
        'insufficientPermissions',
        'Request had insufficient authentication scopes.',
      );
    return owner;
  };

  const api = async (request: Incoming): Promise<Reply> => {
    const { method, segments } = request;
    if (segments[0] !== BASE[0] || segments[1] !== BASE[1]) throw notFound();
    const path = segments.slice(2);
    // Watching and stopping a channel read the calendar; they write nothing of it.
    const watching = method === 'POST' && (path[3] === 'watch' || path[0] === 'channels');
    const owner = (await authorize(request, method !== 'GET' && !watching)).email;
    if (path[0] === 'channels' && path[1] === 'stop' && path.length === 2 && method === 'POST') {
      channels.stop(owner, request.body);
      return { status: 204 };
    }
    if (path[0] === 'users' && path[1] === 'me' && path[2] === 'calendarList' && method === 'GET') {
      if (path.length === 3) return calendarList(owner, request.url.searchParams);
      if (path.length === 4) return reply(200, listEntry(calendarOf(path[3]!, owner)));
    }
    if (path[0] !== 'calendars' || path.length < 2) throw notFound();
    const calendar = calendarOf(path[1]!, owner);
    if (path.length === 2 && method === 'GET')
      return reply(200, {
        kind: 'calendar#calendar',
        etag: `"${calendar.events.size}"`,
        id: calendar.id,
        summary: calendar.summary,
        timeZone: calendar.timeZone,
      });
    if (path[2] !== 'events' || path.length > 4) throw notFound();
    if (path[3] === 'watch' && method === 'POST') {
      const eventsUrl = `${apiUrl}/calendars/${encodeURIComponent(calendar.id)}/events`;
      return reply(200, channels.watch(calendar.id, owner, request.body ?? {}, eventsUrl));
    }
    const answer = events(calendar, request, path[3]);
    if (method !== 'GET') channels.changed(calendar.id);
    return answer;
  };

  const events = (calendar: Calendar, request: Incoming, eventId: string | undefined): Reply => {
    const { method, body } = request;
    if (eventId === undefined) {
      if (method === 'GET') return reply(200, store.list(calendar, request.url.searchParams));
      if (method === 'POST') return reply(200, store.insert(calendar, body ?? {}));
      throw notFound();
    }
    if (method === 'GET') return reply(200, store.get(calendar, eventId));
    if (method === 'PUT') return reply(200, store.update(calendar, eventId, body ?? {}, 'replace'));
    if (method === 'PATCH') return reply(200, store.update(calendar, eventId, body ?? {}, 'merge'));
    if (method === 'DELETE') {
      store.remove(calendar, eventId);
      return { status: 204 };
    }
    throw notFound();
  };

  /** `/_local/…`: what a person does in Google Calendar, and what tests need to arrange. */
  const control = async (request: Incoming): Promise<Reply> => {
    const { method, segments, body } = request;
    const [, resource, calendarId, sub, eventId] = segments;
    if (resource === 'sync' && calendarId === 'expire' && method === 'POST') {
      const only = typeof body?.calendarId === 'string' ? calendarOf(body.calendarId) : undefined;
      return reply(200, { expired: store.expire(only?.id) });
    }
    if (resource === 'channels' && calendarId === undefined && method === 'GET')
      return reply(200, { items: channels.list() });
    if (resource !== 'calendars') throw notFound();
    if (calendarId === undefined) {
      if (method === 'GET') {
        const owner = request.url.searchParams.get('owner');
        if (!owner) throw new StandInError(400, 'required', 'Required: owner');
        return reply(200, { items: accountCalendars(owner).map(listEntry) });
      }
      if (method === 'POST') {
        const owner = stringField(body, 'owner').toLowerCase();
        accountCalendars(owner);
        const timeZone = typeof body?.timeZone === 'string' ? body.timeZone : 'UTC';
        return reply(201, listEntry(addCalendar(owner, stringField(body, 'name'), false, timeZone)));
      }
      throw notFound();
    }
    const calendar = calendarOf(calendarId);
    if (sub !== 'events' || segments.length > 5) throw notFound();
    if (eventId === undefined && method === 'GET')
      return reply(200, {
        items: store.stored(calendar, request.url.searchParams.get('showDeleted') === 'true'),
      });
    const answer = personChanges(calendar, request, eventId);
    channels.changed(calendar.id);
    return answer;
  };

  /** An event added, changed or deleted as a person would in Google Calendar. */
  const personChanges = (calendar: Calendar, request: Incoming, eventId: string | undefined): Reply => {
    const { method, body } = request;
    if (eventId === undefined && method === 'POST') return reply(201, store.insert(calendar, body ?? {}));
    if (eventId !== undefined && method === 'PATCH')
      return reply(200, store.update(calendar, eventId, body ?? {}, 'merge'));
    if (eventId !== undefined && method === 'DELETE') {
      store.remove(calendar, eventId);
      return { status: 204 };
    }
    throw notFound();
  };

  const running = await startStandIn({
    port,
    label: 'Google Calendar stand-in',
    log,
    api,
    control,
    reset: () => {
      calendars.clear();
      listPages.clear();
      store.expire();
      channels.reset();
    },
    faultError: (status) => reasons[status] ?? { reason: 'backendError', message: 'Backend Error' },
    errorBody: (error) => ({
      error: {
        code: error.status,
        message: error.message,
        errors: [
          {
            domain: reasons[error.status]?.domain ?? 'global',
            reason: error.reason,
            message: error.message,
            ...(error.status === 401 ? { locationType: 'header', location: 'Authorization' } : {}),
          },
        ],
      },
    }),
  });
  apiUrl = `${running.url}/calendar/v3`;
  return { ...running, apiUrl };
}
