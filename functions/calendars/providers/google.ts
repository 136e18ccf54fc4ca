import type { LinkedCalendar } from '@shared/schemas/calendars';
import { env } from '@core/env';
import {
  BOOKING_PROPERTY,
  changeOf,
  details,
  googleEventId,
  googleExtraId,
  instanceId,
  knownZone,
  masterOf,
  occurrencesOf,
  splitExceptions,
  wallPlus,
  wallLength,
  WALL_FORMAT,
  zonedTime,
  type EventList,
  type GoogleEvent,
  type PushedException,
} from './google-events';
import {
  authorizationOf,
  callApi,
  exchangeCode,
  okJson,
  readCursor,
  refreshGrant,
  retryAfterOf,
  unexpected,
  writeCursor,
  type OAuthClient,
} from './oauth';
import {
  ProviderUnavailable,
  SyncExpired,
  type CalendarClient,
  type ChangePage,
  type PushedEvent,
  type PushedRef,
} from './provider';
import { googleWatches } from './watch-clients';

/**
 * Linked Google calendars through Google Calendar API v3 (developers.google.com/calendar/api/v3).
 *
 * A booking is one event whose id is derived from the booking's id, so that a retried insert meets
 * the first one (409) and updates it instead of making a second; a series is one recurring event
 * (`RRULE`, and `EXDATE` for deleted occurrences) with each changed occurrence written as its
 * instance. An occurrence changed on its own whose original start the rule no longer makes (the
 * product keeps it after an edit of the whole series) has no instance: it is a single event beside
 * the series, with an id derived from the booking's and its original start, the booking's
 * extended property, and its id in the ref's `extraIds`. Every RRULE the product makes
 * (shared/recurrence.ts) can be sent to Google, so a series is never written as its occurrences
 * here. Changes are read with `syncToken`s; recurring events come as their masters (the list
 * is not asked for `singleEvents`), and are expanded within the sync window (google-events.ts).
 */

const NAME = 'Google Calendar';
/** The product sends its own invitations (functions/bookings/invitations.ts): Google sends none. */
const QUIET = { sendUpdates: 'none' };

/** Where `changes()` goes on: a page of a round (`page`), and the sync token the round started from. */
interface Cursor {
  full: boolean;
  sync?: string;
  page?: string;
}

interface GoogleClientOptions {
  clientId: string;
  clientSecret: string;
  /** Events and calendars per page (Google's default is 250). */
  pageSize?: number;
}

/** The Google Calendar client, with the API and authorization server of `env()`. */
export function googleCalendarClient({
  clientId,
  clientSecret,
  pageSize = 250,
}: GoogleClientOptions): CalendarClient {
  const settings = env();
  const base = settings.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, '');
  const oauth: OAuthClient = {
    name: 'Google',
    issuer: settings.GOOGLE_OAUTH_ISSUER,
    clientId,
    clientSecret,
    scope: 'openid email https://www.googleapis.com/auth/calendar',
    // A refresh token, and a new one at every link (Google sends it only at the first consent).
    extra: { access_type: 'offline', prompt: 'consent' },
  };
  const maxResults = String(pageSize);
  const eventsOf = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/events`;

  const call = async (
    token: string,
    path: string,
    { method, body, query }: { method?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<Response> => {
    const search = query ? `?${new URLSearchParams(query).toString()}` : '';
    const response = await callApi(`${base}${path}${search}`, { method, token, body }, NAME);
    // Google answers some usage limits with 403 rather than 429.
    if (response.status === 403) {
      const answer = (await response
        .clone()
        .json()
        .catch(() => undefined)) as { error?: { errors?: Array<{ reason?: string }> } } | undefined;
      const reason = answer?.error?.errors?.[0]?.reason ?? '';
      if (/rateLimitExceeded$/.test(reason))
        throw new ProviderUnavailable(`${NAME} answered 403 (${reason})`, retryAfterOf(response));
    }
    return response;
  };

  /** Sends a write; `true` when it was done, `false` when the event is not there (`absent` statuses). */
  const write = async (
    token: string,
    path: string,
    method: string,
    body?: unknown,
    absent: number[] = [404],
  ): Promise<boolean> => {
    const response = await call(token, path, { method, body, query: QUIET });
    if (!response.ok && !absent.includes(response.status)) await unexpected(response, NAME);
    await response.body?.cancel();
    return response.ok;
  };

  /** Every item, across pages, of a listing. */
  const listAll = async <T>(token: string, path: string, query: Record<string, string>): Promise<T[]> => {
    const items: T[] = [];
    let pageToken: string | undefined;
    do {
      const response = await call(token, path, { query: { ...query, ...(pageToken ? { pageToken } : {}) } });
      const page = await okJson<{ items?: T[]; nextPageToken?: string }>(response, NAME);
      items.push(...(page.items ?? []));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return items;
  };

  /**
   * Writes the occurrences of a series that differ from its rule: each changed one (whose original
   * start the rule makes) as its instance (PUT). After an update (`earlier`: the booking's items as
   * they were), earlier exception items of the booking that the event no longer has are cancelled
   * when their start is deleted or no longer in the rule, and otherwise put back as their regular
   * occurrence.
   */
  const writeOccurrences = async (
    token: string,
    calendarId: string,
    eventId: string,
    event: PushedEvent,
    earlier: GoogleEvent[] | undefined,
  ) => {
    const events = eventsOf(calendarId);
    const zone = event.timezone;
    const changed = new Set<string>();
    for (const exception of event.exceptions) {
      const id = instanceId(eventId, exception.originalStart, zone);
      changed.add(id);
      const body = {
        ...details(event, exception),
        recurringEventId: eventId,
        originalStartTime: { dateTime: exception.originalStart, timeZone: zone },
      };
      // 404: no occurrence starts there, so there is none to change.
      await write(token, `${events}/${encodeURIComponent(id)}`, 'PUT', body);
    }
    if (!earlier) return;
    const master = { id: eventId, ...masterOf(event) };
    const length = wallLength(event.start, event.end);
    for (const item of earlier) {
      if (item.recurringEventId !== eventId || item.status === 'cancelled' || changed.has(item.id)) continue;
      const original = zonedTime(item.originalStartTime, zone)?.setZone(zone);
      if (!original) continue;
      const path = `${events}/${encodeURIComponent(item.id)}`;
      const regular = occurrencesOf(master, zone, original, original.plus({ milliseconds: 1 })).some(
        (occurrence) => occurrence.start.toMillis() === original.toMillis(),
      );
      if (!regular) {
        await write(token, path, 'DELETE', undefined, [404, 410]);
        continue;
      }
      const start = original.toFormat(WALL_FORMAT);
      await write(token, path, 'PUT', {
        ...details(event, { ...event, start, end: wallPlus(start, length) }),
        recurringEventId: eventId,
        originalStartTime: { dateTime: start, timeZone: zone },
      });
    }
  };

  /**
   * Makes `id` the event `body`: PUT when it is `known` to exist, otherwise insert with that id, and
   * PUT on 409 (it exists, maybe deleted: a PUT brings it back).
   */
  const save = async (token: string, calendarId: string, id: string, body: unknown, known: boolean) => {
    const events = eventsOf(calendarId);
    const path = `${events}/${encodeURIComponent(id)}`;
    if (known && (await write(token, path, 'PUT', body))) return;
    const inserted = await call(token, events, {
      method: 'POST',
      body: { id, ...(body as object) },
      query: QUIET,
    });
    if (inserted.status !== 409) {
      await okJson(inserted, NAME);
      return;
    }
    await inserted.body?.cancel();
    if (!(await write(token, path, 'PUT', body))) throw new Error(`${NAME} refused the event it says exists`);
  };

  /**
   * Writes `singles` (occurrences the series cannot show) as events of their own beside event
   * `eventId`, and deletes the ones written before that are no longer wanted: those `known` names,
   * and any other single event of the booking among `earlier` (made by an attempt whose answer was
   * lost). Answers the ids, in order.
   */
  const writeSingles = async (
    token: string,
    calendarId: string,
    eventId: string,
    event: PushedEvent,
    singles: PushedException[],
    known: PushedRef | undefined,
    earlier: GoogleEvent[] | undefined,
  ): Promise<string[]> => {
    const had = new Set(known?.extraIds ?? []);
    const ids: string[] = [];
    for (const single of singles) {
      const id = googleExtraId(event.bookingId, single.originalStart);
      await save(token, calendarId, id, details(event, single), had.has(id));
      ids.push(id);
    }
    const wanted = new Set([eventId, ...ids]);
    const stale = new Set([...had].filter((id) => !wanted.has(id)));
    for (const item of earlier ?? [])
      if (!item.recurringEventId && item.status !== 'cancelled' && !wanted.has(item.id)) stale.add(item.id);
    for (const id of stale)
      await write(
        token,
        `${eventsOf(calendarId)}/${encodeURIComponent(id)}`,
        'DELETE',
        undefined,
        [404, 410],
      );
    return ids;
  };

  return {
    provider: 'google',
    ...googleWatches(base),
    authorization: () => authorizationOf(oauth),
    exchangeCode: (code, redirectUri) => exchangeCode(oauth, code, redirectUri),
    refresh: (refreshToken) => refreshGrant(oauth, refreshToken),

    async listCalendars(token): Promise<LinkedCalendar[]> {
      // Only calendars the account may write to: a space's bookings are pushed there.
      const entries = await listAll<{ id: string; summary?: string; summaryOverride?: string }>(
        token,
        '/users/me/calendarList',
        { maxResults, minAccessRole: 'writer' },
      );
      return entries.map((entry) => ({
        id: entry.id,
        title: entry.summaryOverride ?? entry.summary ?? entry.id,
      }));
    },

    /**
     * Insert with the booking's id; a 409 means an earlier attempt (or push) made it: PUT it to
     * match. With `known`, PUT first and insert when it is gone (404). Then the series' changed
     * occurrences, and the single events beside it (`extraIds`).
     */
    async upsertEvent(token, calendarId, event, known) {
      const events = eventsOf(calendarId);
      const body = masterOf(event);
      let eventId = known?.eventId;
      let updated =
        eventId !== undefined &&
        (await write(token, `${events}/${encodeURIComponent(eventId)}`, 'PUT', body));
      if (!updated) {
        eventId = googleEventId(event.bookingId);
        const inserted = await call(token, events, {
          method: 'POST',
          body: { id: eventId, ...body },
          query: QUIET,
        });
        if (inserted.status === 409) {
          await inserted.body?.cancel();
          updated = true;
          if (!(await write(token, `${events}/${eventId}`, 'PUT', body)))
            throw new Error(`${NAME} refused the event it says exists`);
        } else await okJson(inserted, NAME);
      }
      // What the booking had here before: its series' exceptions and the single events beside it.
      const earlier = updated
        ? await listAll<GoogleEvent>(token, events, {
            privateExtendedProperty: `${BOOKING_PROPERTY}=${event.bookingId}`,
            showDeleted: 'true',
            maxResults,
          })
        : undefined;
      const { inRule, orphans } = splitExceptions(event);
      if (event.rrule)
        await writeOccurrences(token, calendarId, eventId!, { ...event, exceptions: inRule }, earlier);
      const extraIds = await writeSingles(token, calendarId, eventId!, event, orphans, known, earlier);
      return { eventId: eventId!, ...(extraIds.length ? { extraIds } : {}) };
    },

    async deleteEvent(token, calendarId, ref) {
      for (const id of new Set([ref.eventId, ...(ref.extraIds ?? [])]))
        await write(
          token,
          `${eventsOf(calendarId)}/${encodeURIComponent(id)}`,
          'DELETE',
          undefined,
          [404, 410],
        );
    },

    async changes(token, calendarId, cursor, window): Promise<ChangePage> {
      const state: Cursor =
        cursor === undefined
          ? { full: true }
          : readCursor<Cursor>(
              cursor,
              (c) => typeof c.full === 'boolean' && (c.sync ?? c.page) !== undefined,
            );
      const response = await call(token, eventsOf(calendarId), {
        query: {
          showDeleted: 'true',
          maxResults,
          // A full round starts at the window; the sync token then reports every change after it.
          ...(state.sync ? { syncToken: state.sync } : { timeMin: window.from.toISOString() }),
          ...(state.page ? { pageToken: state.page } : {}),
        },
      });
      // 410: the sync token expired. A page token that is no longer known (400) is as stale.
      if (response.status === 410 || (response.status === 400 && state.page)) {
        await response.body?.cancel();
        throw new SyncExpired(`${NAME} needs a full sync of the calendar`);
      }
      const list = await okJson<EventList>(response, NAME);
      const zone = knownZone(list.timeZone, 'UTC');
      const changes = (list.items ?? []).flatMap((item) => changeOf(item, zone, window));
      if (list.nextPageToken)
        return {
          changes,
          cursor: writeCursor({ ...state, page: list.nextPageToken }),
          more: true,
          full: state.full,
        };
      if (!list.nextSyncToken) throw new Error(`${NAME} ended a listing without a sync token`);
      return {
        changes,
        cursor: writeCursor({ full: false, sync: list.nextSyncToken }),
        more: false,
        full: state.full,
      };
    },
  };
}
