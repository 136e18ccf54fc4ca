import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  graphEvents,
  graphInvalid,
  graphNotFound,
  graphTime,
  zoneOf,
  type GraphCalendar,
  type Json,
} from './graph-events';
import { LOCAL_CALENDAR_CLIENTS } from './calendar-clients';
import { graphDelta, windowOf } from './graph-delta';
import { graphSubscriptions } from './graph-subscriptions';
import type { Log } from './processes';
import {
  bearerOf,
  introspection,
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

/**
 * A stand-in for the part of Microsoft Graph v1.0 that linked calendars use, built from its
 * public reference (learn.microsoft.com/graph/api/resources/event): under `/v1.0`,
 * `GET /me/calendars` (paged with `$top`/`$skip` and `@odata.nextLink`), `GET /me/calendar(s/{id})`,
 * `GET /me/calendars/{id}/calendarView/delta?startDateTime&endDateTime` (and `/me/calendarView/delta`
 * for the default calendar; graph-delta.ts). Events: `POST /me/events`, `/me/calendar/events`, `/me/calendars/{id}/events`
 * (a repeated `transactionId` returns the event it made, no duplicate), `GET`, `PATCH`, `DELETE`
 * `/me/events/{id}` and `/me/calendars/{cid}/events/{id}`, also of an occurrence (a PATCH makes it an
 * exception), and `…/events/{id}/instances?startDateTime&endDateTime` (a series' occurrences and
 * exceptions in the window, paged like a list). Times come back in UTC unless
 * `Prefer: outlook.timezone="…"`; `singleValueExtendedProperties` only with `$expand`, as Graph does.
 * `/subscriptions` tells a webhook of every change of a calendar's events, through the API or the
 * control API (graph-subscriptions.ts).
 *
 * Each account (the e-mail address of the access token) has its default calendar "Calendar" and
 * "Room calendars", made on first use. Tokens are the local OpenID provider's for the Microsoft
 * calendar client; errors have Graph's shape `{ error: { code, message, innerError } }`.
 */

const codes: Record<number, { reason: string; message: string }> = {
  400: { reason: 'BadRequest', message: 'Bad request.' },
  401: { reason: 'InvalidAuthenticationToken', message: 'Access token validation failure.' },
  403: { reason: 'ErrorAccessDenied', message: 'Access is denied. Check credentials and try again.' },
  404: { reason: 'ErrorItemNotFound', message: 'The specified object was not found in the store.' },
  429: { reason: 'TooManyRequests', message: 'Too many requests.' },
  500: { reason: 'InternalServerError', message: 'An internal server error occurred.' },
  503: { reason: 'ServiceNotAvailable', message: 'The service is temporarily unavailable.' },
  504: { reason: 'GatewayTimeout', message: 'The gateway timed out.' },
};
const WRITE_SCOPES = ['Calendars.ReadWrite', 'https://graph.microsoft.com/Calendars.ReadWrite'];
const READ_SCOPES = [...WRITE_SCOPES, 'Calendars.Read', 'https://graph.microsoft.com/Calendars.Read'];
export interface MicrosoftGraphStandIn extends RunningStandIn {
  /** `…/v1.0`, what the API calls Graph's base. */
  apiUrl: string;
}

/** Starts the Microsoft Graph stand-in on 127.0.0.1:`port`, accepting `issuer`'s tokens. */
export async function startMicrosoftGraph({
  port,
  issuer,
  log,
  verify = introspection(issuer, LOCAL_CALENDAR_CLIENTS.microsoft.resource),
}: {
  port: number;
  issuer: string;
  log: Log;
  verify?: TokenCheck;
}): Promise<MicrosoftGraphStandIn> {
  const calendars = new Map<string, GraphCalendar>();
  const store = graphEvents();
  let apiUrl = '';

  const addCalendar = (owner: string, name: string, isDefault: boolean): GraphCalendar => {
    const calendar: GraphCalendar = {
      id: `AAMkAD${randomBytes(30).toString('base64url')}`,
      owner,
      name,
      isDefault,
      changeKey: randomBytes(12).toString('base64'),
      events: new Map(),
    };
    calendars.set(calendar.id, calendar);
    return calendar;
  };
  const accountCalendars = (email: string): GraphCalendar[] => {
    const owner = email.toLowerCase();
    let own = [...calendars.values()].filter((calendar) => calendar.owner === owner);
    if (own.length === 0)
      own = [addCalendar(owner, 'Calendar', true), addCalendar(owner, 'Room calendars', false)];
    return own;
  };
  const calendarOf = (id: string, owner?: string): GraphCalendar => {
    if (id === 'calendar' && owner) return accountCalendars(owner)[0]!;
    const calendar = calendars.get(id);
    if (!calendar || (owner !== undefined && calendar.owner !== owner)) throw graphNotFound();
    return calendar;
  };
  const calendarJson = (calendar: GraphCalendar): Json => ({
    id: calendar.id,
    name: calendar.name,
    color: 'auto',
    hexColor: '',
    isDefaultCalendar: calendar.isDefault,
    changeKey: calendar.changeKey,
    canShare: true,
    canViewPrivateItems: true,
    canEdit: true,
    allowedOnlineMeetingProviders: ['teamsForBusiness'],
    defaultOnlineMeetingProvider: 'teamsForBusiness',
    isTallyingResponses: true,
    isRemovable: !calendar.isDefault,
    owner: { name: calendar.owner, address: calendar.owner },
  });

  /** An event as Graph answers it: times in the asked zone, extended properties only when expanded. */
  const shown = (event: Json, request: Incoming): Json => {
    const prefer = String(request.headers.prefer ?? '');
    const zone = /outlook\.timezone="([^"]+)"/.exec(prefer)?.[1] ?? 'UTC';
    const expand = request.url.searchParams.get('$expand') ?? '';
    const { singleValueExtendedProperties, ...rest } = event;
    const output: Json = { '@odata.etag': event['@odata.etag'], ...rest };
    for (const field of ['start', 'end'] as const) {
      const time = event[field] as Json;
      output[field] = graphTime(
        DateTime.fromISO(String(time.dateTime), { zone: zoneOf(time.timeZone) }),
        zone,
      );
    }
    if (expand.includes('singleValueExtendedProperties') && singleValueExtendedProperties)
      output.singleValueExtendedProperties = singleValueExtendedProperties;
    return output;
  };

  const deltas = graphDelta(store, shown, () => apiUrl);
  const subscriptions = graphSubscriptions(log, calendarOf, () => apiUrl);

  const page = (request: Incoming, all: unknown[], path: string): Reply => {
    const query = request.url.searchParams;
    const top = Math.min(Math.max(Number(query.get('$top') ?? 10) || 10, 1), 1000);
    const skip = Math.max(Number(query.get('$skip') ?? 0) || 0, 0);
    // The next link keeps the request's other parameters (a window), as Graph's do.
    const rest = [...query].filter(([name]) => name !== '$top' && name !== '$skip');
    const kept = rest.map(([name, value]) => `${name}=${encodeURIComponent(value)}&`).join('');
    const next =
      skip + top < all.length ? `${apiUrl}${path}?${kept}$top=${top}&$skip=${skip + top}` : undefined;
    return reply(200, {
      '@odata.context': `${apiUrl}/$metadata#Collection`,
      value: all.slice(skip, skip + top),
      ...(next ? { '@odata.nextLink': next } : {}),
    });
  };

  /**
   * `…/events/{id}/instances`: the occurrences and exceptions of a series master that overlap the
   * window, in order of start (deleted occurrences are not listed); none of another event.
   */
  const instances = (request: Incoming, calendar: GraphCalendar, id: string, route: string): Reply => {
    const master = store.find(calendar, id);
    if (!master) throw graphNotFound();
    const [from, to] = windowOf(request.url.searchParams);
    const items =
      master.type === 'seriesMaster'
        ? [...store.view(calendar, from, to).values()]
            .filter((item) => item.seriesMasterId === id)
            .map((item) => shown(item, request))
            .sort((a, b) =>
              String((a.start as Json).dateTime).localeCompare(String((b.start as Json).dateTime)),
            )
        : [];
    return page(request, items, route);
  };

  const authorize = async (request: Incoming, write: boolean): Promise<TokenOwner> => {
    const token = bearerOf(request.headers);
    const owner = token ? await verify(token) : undefined;
    if (!owner)
      throw new StandInError(
        401,
        'InvalidAuthenticationToken',
        token ? 'Access token validation failure.' : 'Access token is empty.',
        {
          'www-authenticate':
            'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
        },
      );
    if (!(write ? WRITE_SCOPES : READ_SCOPES).some((scope) => owner.scopes.has(scope)))
      throw new StandInError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.');
    return owner;
  };

  const api = async (request: Incoming): Promise<Reply> => {
    const { method, segments } = request;
    const unknown = () =>
      new StandInError(400, 'BadRequest', `Resource not found for the segment '${segments.at(-1) ?? ''}'.`);
    // Subscribing reads the calendar; it writes nothing of it.
    if (segments[0] === 'v1.0' && segments[1] === 'subscriptions')
      return subscriptions.api(request, await authorize(request, false));
    if (segments[0] !== 'v1.0' || segments[1] !== 'me') throw unknown();
    const path = segments.slice(2);
    const owner = (await authorize(request, method !== 'GET')).email;
    const route = `/${segments.slice(1).map(encodeURIComponent).join('/')}`;
    if (path[0] === 'calendars' && path.length === 1 && method === 'GET')
      return page(request, accountCalendars(owner).map(calendarJson), route);
    // /me/events/{id} finds the event in any of the person's calendars.
    if (path[0] === 'events' && (path.length === 2 || (path[2] === 'instances' && path.length === 3))) {
      const calendar = accountCalendars(owner).find((c) => store.find(c, path[1]!));
      if (!calendar) throw graphNotFound();
      if (path.length === 3) {
        if (method !== 'GET') throw unknown();
        return instances(request, calendar, path[1]!, route);
      }
      return event(request, calendar, path[1]!);
    }
    if (path[0] === 'events' && path.length === 1) return events(request, accountCalendars(owner)[0]!, route);
    if (path[0] === 'calendarView' && path[1] === 'delta' && method === 'GET')
      return deltas.delta(request, accountCalendars(owner)[0]!, route);
    const [calendarId, rest] =
      path[0] === 'calendar'
        ? ['calendar', path.slice(1)]
        : path[0] === 'calendars'
          ? [path[1], path.slice(2)]
          : [];
    if (calendarId === undefined || rest === undefined) throw unknown();
    const calendar = calendarOf(calendarId, owner);
    if (rest.length === 0 && method === 'GET') return reply(200, calendarJson(calendar));
    if (rest[0] === 'calendarView' && rest[1] === 'delta' && rest.length === 2 && method === 'GET')
      return deltas.delta(request, calendar, route);
    if (rest[0] === 'events' && rest.length === 1) return events(request, calendar, route);
    if (rest[0] === 'events' && rest.length === 2) return event(request, calendar, rest[1]!);
    if (rest[0] === 'events' && rest[2] === 'instances' && rest.length === 3 && method === 'GET')
      return instances(request, calendar, rest[1]!, route);
    throw unknown();
  };

  const events = (request: Incoming, calendar: GraphCalendar, route: string): Reply => {
    if (request.method === 'POST') {
      const created = store.create(calendar, request.body ?? {});
      subscriptions.changed(calendar.id, 'created', String(created.id));
      return reply(201, shown(created, request));
    }
    if (request.method === 'GET')
      return page(
        request,
        store.stored(calendar).map((e) => shown(e, request)),
        route,
      );
    throw graphInvalid('Unsupported method.');
  };

  const event = (request: Incoming, calendar: GraphCalendar, id: string): Reply => {
    if (request.method === 'GET') {
      const found = store.find(calendar, id);
      if (!found) throw graphNotFound();
      return reply(200, shown(found, request));
    }
    if (request.method === 'PATCH') {
      const updated = store.update(calendar, id, request.body ?? {});
      subscriptions.changed(calendar.id, 'updated', id);
      return reply(200, shown(updated, request));
    }
    if (request.method === 'DELETE') {
      store.remove(calendar, id);
      subscriptions.changed(calendar.id, 'deleted', id);
      return { status: 204 };
    }
    throw graphInvalid('Unsupported method.');
  };

  /** `/_local/…`: what a person does in Outlook, and what tests need to arrange. */
  const control = async (request: Incoming): Promise<Reply> => {
    const { method, segments, body } = request;
    const [, resource, calendarId, sub, eventId] = segments;
    if (resource === 'sync' && calendarId === 'expire' && method === 'POST') {
      const only = typeof body?.calendarId === 'string' ? calendarOf(body.calendarId).id : undefined;
      return reply(200, { expired: deltas.expire(only) });
    }
    if (resource === 'subscriptions' && calendarId === undefined && method === 'GET')
      return reply(200, { value: subscriptions.list() });
    if (resource !== 'calendars') throw graphNotFound();
    if (calendarId === undefined) {
      if (method === 'GET') {
        const owner = request.url.searchParams.get('owner');
        if (!owner) throw new StandInError(400, 'ErrorInvalidParameter', 'Required: owner');
        return reply(200, { value: accountCalendars(owner).map(calendarJson) });
      }
      if (method === 'POST') {
        const owner = stringField(body, 'owner').toLowerCase();
        accountCalendars(owner);
        return reply(201, calendarJson(addCalendar(owner, stringField(body, 'name'), false)));
      }
      throw graphNotFound();
    }
    const calendar = calendarOf(calendarId);
    if (sub !== 'events' || segments.length > 5) throw graphNotFound();
    if (eventId === undefined && method === 'GET')
      return reply(200, { value: store.stored(calendar).map((e) => shown(e, request)) });
    if (eventId === undefined && method === 'POST') return events(request, calendar, '');
    if (eventId !== undefined && (method === 'PATCH' || method === 'DELETE'))
      return event(request, calendar, eventId);
    throw graphNotFound();
  };

  const running = await startStandIn({
    port,
    label: 'Microsoft Graph stand-in',
    log,
    api,
    control,
    reset: () => {
      calendars.clear();
      deltas.expire();
      subscriptions.reset();
    },
    faultError: (status) => codes[status] ?? { reason: 'UnknownError', message: 'An error occurred.' },
    errorBody: (error) => ({
      error: {
        code: error.reason,
        message: error.message,
        innerError: {
          date: new Date().toISOString().slice(0, 19),
          'request-id': randomUUID(),
          'client-request-id': randomUUID(),
        },
      },
    }),
  });
  apiUrl = `${running.url}/v1.0`;
  return { ...running, apiUrl };
}
