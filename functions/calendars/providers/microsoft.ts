import { DateTime } from 'luxon';
import type { LinkedCalendar } from '@shared/schemas/calendars';
import { env } from '@core/env';
import { occurrencesAsSingles, ruleStarts, splitExceptions, type PushedException } from './google-events';
import {
  BOOKING_PROPERTY,
  bodyOf,
  bookingOf,
  changeOf,
  details,
  recurrenceOf,
  seriesBound,
  shows,
  singleTransactionId,
  WALL_FORMAT,
  type GraphEvent,
  type Page,
  type PatternedRecurrence,
} from './microsoft-events';
import {
  authorizationOf,
  callApi,
  exchangeCode,
  okJson,
  readCursor,
  refreshGrant,
  unexpected,
  writeCursor,
  type OAuthClient,
} from './oauth';
import {
  SyncExpired,
  type CalendarClient,
  type ChangePage,
  type PushedEvent,
  type PushedRef,
  type WallTime,
} from './provider';
import { graphWatches } from './watch-clients';

/**
 * Linked Outlook calendars through Microsoft Graph v1.0 (learn.microsoft.com/graph/api/resources/event).
 *
 * A booking is one event created with `transactionId` = the booking id (Graph makes no second
 * event for a retried POST) and a single-value extended property carrying it; a series is one
 * event with a patternedRecurrence converted from the RRULE, whose deleted occurrences are deleted
 * and changed ones PATCHed by their occurrence ids. Changes are read with calendarView delta over
 * the sync window; times are asked for in UTC. The event resource itself: microsoft-events.ts.
 *
 * Events written beside it (the ref's `extraIds`) are single events created with transactionId
 * `<booking id>.<original start>` (microsoft-events.ts `singleTransactionId`), which is how a pull
 * knows them: an occurrence changed on its own whose original start the rule no longer makes, and
 * every occurrence of a rule Graph cannot express (a fifth weekday, a 31st…). A series written as its
 * occurrences has no master: the ref's `eventId` is then its first occurrence's id, or
 * {@link NO_EVENT} when every occurrence is deleted.
 */

const NAME = 'Microsoft Graph';
const PREFER_UTC = 'outlook.timezone="UTC"';
/** The ref's `eventId` of a series written as its occurrences, all of them deleted: no event. */
export const NO_EVENT = 'none';
/** Requests at once when writing or deleting events beside a booking's (Graph allows 4 per mailbox). */
const AT_ONCE = 4;

/** `work` on each of `items`, at most `limit` at once; the answers in the items' order. */
async function eachLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/** Where `changes()` goes on: the next link, and whether its round started from nothing. */
interface Cursor {
  full: boolean;
  link: string;
}

/**
 * Series masters' booking ids (or `null`: a person's series), as read once per process: they do not
 * change (transactionId is set at creation only). Bounded; the oldest are forgotten first.
 */
const masterBookings = new Map<string, string | null>();
const MASTERS_KEPT = 5000;

interface MicrosoftClientOptions {
  clientId: string;
  clientSecret: string;
  /** Items per page asked of Graph (`$top`, `odata.maxpagesize`). */
  pageSize?: number;
}

/** The Microsoft Graph client, with the API and authorization server of `env()`. */
export function microsoftCalendarClient({
  clientId,
  clientSecret,
  pageSize = 100,
}: MicrosoftClientOptions): CalendarClient {
  const settings = env();
  const base = settings.MICROSOFT_GRAPH_API_URL.replace(/\/+$/, '');
  const oauth: OAuthClient = {
    name: 'Microsoft',
    issuer: settings.MICROSOFT_OAUTH_ISSUER,
    clientId,
    clientSecret,
    scope: 'openid email offline_access User.Read Calendars.ReadWrite',
    extra: {},
  };
  const calendarOf = (calendarId: string) => `${base}/me/calendars/${encodeURIComponent(calendarId)}`;
  const eventOf = (calendarId: string, eventId: string) =>
    `${calendarOf(calendarId)}/events/${encodeURIComponent(eventId)}`;

  const call = (
    token: string,
    url: string,
    { method, body, prefer }: { method?: string; body?: unknown; prefer?: string } = {},
  ) =>
    callApi(
      url,
      { method, token, body, headers: { prefer: prefer ? `${PREFER_UTC}, ${prefer}` : PREFER_UTC } },
      NAME,
    );

  /** A link Graph gave (nextLink, deltaLink) is followed only on Graph's own origin. */
  const ownLink = (link: string) => {
    try {
      return new URL(link).origin === new URL(base).origin;
    } catch {
      return false;
    }
  };

  /** Sends a write; `true` when it was done, `false` when the event is not there (404). */
  const write = async (token: string, url: string, method: string, body?: unknown): Promise<boolean> => {
    const response = await call(token, url, { method, body });
    if (!response.ok && response.status !== 404) await unexpected(response, NAME);
    await response.body?.cancel();
    return response.ok;
  };

  /** Every item of a collection, following `@odata.nextLink`. */
  const listAll = async <T>(token: string, url: string): Promise<T[]> => {
    const items: T[] = [];
    let next: string | undefined = url;
    while (next) {
      const page: Page<T> = await okJson<Page<T>>(await call(token, next), NAME);
      items.push(...(page.value ?? []));
      next = page['@odata.nextLink'];
      if (next && !ownLink(next)) throw new Error(`${NAME} sent a next link to another origin`);
    }
    return items;
  };

  /**
   * The booking a series belongs to, from its master: Graph's delta carries no extended property,
   * and does not say that an occurrence has its master's transactionId.
   */
  const seriesBooking = async (token: string, masterId: string): Promise<string | undefined> => {
    const known = masterBookings.get(masterId);
    if (known !== undefined) return known ?? undefined;
    const expand = `singleValueExtendedProperties($filter=id eq '${BOOKING_PROPERTY}')`;
    const query = new URLSearchParams({ $select: 'id,transactionId', $expand: expand });
    const response = await call(
      token,
      `${base}/me/events/${encodeURIComponent(masterId)}?${query.toString()}`,
    );
    // A series deleted since: its occurrences' removal follows in the delta.
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    const bookingId = bookingOf(await okJson<GraphEvent>(response, NAME));
    if (masterBookings.size >= MASTERS_KEPT) masterBookings.delete(masterBookings.keys().next().value!);
    masterBookings.set(masterId, bookingId ?? null);
    return bookingId;
  };

  /**
   * Makes the occurrences of a series differ from its rule as the booking's do: the deleted ones
   * deleted, the changed ones PATCHed, found by their original start among the series' instances.
   * After an update, an exception the booking no longer has is put back as its regular occurrence,
   * or deleted when the rule no longer makes its start; `formerly`: starts of occurrences now
   * written beside the series, which may have been its exceptions before.
   */
  const writeOccurrences = async (
    token: string,
    calendarId: string,
    masterId: string,
    event: PushedEvent,
    recurrence: PatternedRecurrence,
    updated: boolean,
    formerly: WallTime[],
  ) => {
    const zone = event.timezone;
    const at = (wall: WallTime) => DateTime.fromISO(wall, { zone });
    const first = at(event.start);
    const wanted = [
      ...event.exceptions.map((exception) => exception.originalStart),
      ...event.exdates,
      ...(updated ? formerly : []),
    ].map(at);
    const bound = updated ? seriesBound(recurrence, first) : undefined;
    if (wanted.length === 0 && !bound) return;
    // Both lists have an instant: wanted ones, or the first start and the bound of an update.
    const from = DateTime.min(...wanted, ...(updated ? [first] : []))!.minus({ days: 1 });
    const to = DateTime.max(...wanted, ...(bound ? [bound] : []))!.plus({ days: 2 });
    const query = new URLSearchParams({
      startDateTime: from.toUTC().toISO()!,
      endDateTime: to.toUTC().toISO()!,
      $top: String(pageSize),
    });
    const instances = await listAll<GraphEvent>(
      token,
      `${eventOf(calendarId, masterId)}/instances?${query.toString()}`,
    );
    const byStart = new Map(instances.map((item) => [Date.parse(item.originalStart ?? ''), item]));

    const kept = new Set<number>();
    for (const exception of event.exceptions) {
      const item = byStart.get(at(exception.originalStart).toMillis());
      kept.add(at(exception.originalStart).toMillis());
      if (item) await write(token, eventOf(calendarId, item.id), 'PATCH', details(event, exception));
    }
    for (const exdate of event.exdates) {
      const item = byStart.get(at(exdate).toMillis());
      kept.add(at(exdate).toMillis());
      if (item) await write(token, eventOf(calendarId, item.id), 'DELETE');
    }
    if (!updated) return;
    // An occurrence keeps the series' wall-clock length (10:00–11:00 on either side of a DST change).
    const wall = (text: WallTime) => DateTime.fromISO(text, { zone: 'UTC' });
    const length = wall(event.end).diff(wall(event.start));
    let made: Set<number> | undefined;
    for (const [original, item] of byStart) {
      if (item.type !== 'exception' || kept.has(original)) continue;
      made ??= new Set(ruleStarts(event).map((start) => start.toMillis()));
      if (!made.has(original)) {
        await write(token, eventOf(calendarId, item.id), 'DELETE');
        continue;
      }
      const start = DateTime.fromMillis(original, { zone }).toFormat(WALL_FORMAT);
      const end = wall(start).plus(length).toFormat(WALL_FORMAT);
      await write(token, eventOf(calendarId, item.id), 'PATCH', details(event, { ...event, start, end }));
    }
  };

  /**
   * Writes `singles` as events of their own, each POSTed with its transactionId (which answers the
   * event an earlier push or attempt made: PATCHed when it does not show the occurrence as it now
   * is), and deletes the events `known` names beside the booking's that are no longer wanted.
   * Answers the ids, in order.
   */
  const writeSingles = async (
    token: string,
    calendarId: string,
    event: PushedEvent,
    singles: PushedException[],
    known: PushedRef | undefined,
  ): Promise<string[]> => {
    const create = async (body: unknown) =>
      okJson<GraphEvent>(
        await call(token, `${calendarOf(calendarId)}/events`, { method: 'POST', body }),
        NAME,
      );
    const ids = await eachLimited(singles, AT_ONCE, async (single) => {
      const body = bodyOf(event, null, single);
      const answer = await create({
        ...body,
        transactionId: singleTransactionId(event.bookingId, single.originalStart),
      });
      if (shows(answer, body) || (await write(token, eventOf(calendarId, answer.id), 'PATCH', body)))
        return answer.id;
      // The transactionId answered an event that is gone since: made anew, without it.
      return (await create(body)).id;
    });
    const wanted = new Set(ids);
    const stale = (known?.extraIds ?? []).filter((id) => !wanted.has(id));
    await eachLimited(stale, AT_ONCE, (id) => write(token, eventOf(calendarId, id), 'DELETE'));
    return ids;
  };

  return {
    provider: 'microsoft',
    ...graphWatches(base),
    authorization: () => authorizationOf(oauth),
    exchangeCode: (code, redirectUri) => exchangeCode(oauth, code, redirectUri),
    refresh: (refreshToken) => refreshGrant(oauth, refreshToken),

    async listCalendars(token): Promise<LinkedCalendar[]> {
      const calendars = await listAll<{ id: string; name?: string; canEdit?: boolean }>(
        token,
        `${base}/me/calendars?$top=${pageSize}`,
      );
      // Only calendars the account may write to: a space's bookings are pushed there.
      return calendars
        .filter((calendar) => calendar.canEdit !== false)
        .map((calendar) => ({ id: calendar.id, title: calendar.name ?? calendar.id }));
    },

    /**
     * PATCH the `known` event (404: create it again); otherwise POST with the booking id as
     * transactionId, which answers the event an earlier attempt made if there was one: PATCH that
     * one when it does not show the booking as it now is. Then the series' changed and deleted
     * occurrences, and the events beside it. A rule Graph cannot express: every occurrence as an
     * event of its own, and no series (one written before is deleted).
     */
    async upsertEvent(token, calendarId, event, known) {
      const recurrence = recurrenceOf(event);
      // The booking's event as pushed before: none when it was written as its occurrences.
      const master =
        known && known.eventId !== NO_EVENT && !known.extraIds?.includes(known.eventId)
          ? known.eventId
          : undefined;
      if (recurrence === undefined) {
        if (master) await write(token, eventOf(calendarId, master), 'DELETE');
        const ids = await writeSingles(token, calendarId, event, occurrencesAsSingles(event), known);
        return ids.length ? { eventId: ids[0]!, extraIds: ids } : { eventId: NO_EVENT };
      }
      const body = bodyOf(event, recurrence);
      let eventId: string | undefined;
      let updated = false;
      if (master) {
        const patched = await call(token, eventOf(calendarId, master), { method: 'PATCH', body });
        if (patched.ok) {
          eventId = ((await patched.json()) as GraphEvent).id;
          updated = true;
        } else if (patched.status !== 404) await unexpected(patched, NAME);
        else await patched.body?.cancel();
      }
      if (!eventId) {
        const created = await call(token, `${calendarOf(calendarId)}/events`, {
          method: 'POST',
          body: { ...body, transactionId: event.bookingId },
        });
        const answer = await okJson<GraphEvent>(created, NAME);
        eventId = answer.id;
        if (!shows(answer, body)) {
          updated = true;
          if (!(await write(token, eventOf(calendarId, eventId), 'PATCH', body)))
            throw new Error(`${NAME} lost the event it had just answered`);
        }
      }
      const { inRule, orphans } = splitExceptions(event);
      if (recurrence)
        await writeOccurrences(
          token,
          calendarId,
          eventId,
          { ...event, exceptions: inRule },
          recurrence,
          updated,
          orphans.map((orphan) => orphan.originalStart),
        );
      const extraIds = await writeSingles(token, calendarId, event, orphans, known);
      return { eventId, ...(extraIds.length ? { extraIds } : {}) };
    },

    async deleteEvent(token, calendarId, ref) {
      const ids = new Set([ref.eventId, ...(ref.extraIds ?? [])]);
      ids.delete(NO_EVENT);
      await eachLimited([...ids], AT_ONCE, (id) => write(token, eventOf(calendarId, id), 'DELETE'));
    },

    async changes(token, calendarId, cursor, window): Promise<ChangePage> {
      const state: Cursor = cursor
        ? readCursor<Cursor>(cursor, (c) => typeof c.full === 'boolean' && typeof c.link === 'string')
        : {
            full: true,
            link: `${calendarOf(calendarId)}/calendarView/delta?${new URLSearchParams({
              startDateTime: window.from.toISOString(),
              endDateTime: window.to.toISOString(),
            }).toString()}`,
          };
      // A link of another origin (the API's address changed) is not followed: start over.
      if (!ownLink(state.link)) throw new SyncExpired('The sync cursor is for another address');
      const response = await call(token, state.link, { prefer: `odata.maxpagesize=${pageSize}` });
      if (response.status === 410) {
        await response.body?.cancel();
        throw new SyncExpired(`${NAME} needs a full sync of the calendar`);
      }
      const page = await okJson<Page<GraphEvent>>(response, NAME);
      const items = page.value ?? [];
      const seriesBookings = new Map<string, string | undefined>();
      for (const item of items)
        if (item.seriesMasterId && item['@removed'] === undefined && !seriesBookings.has(item.seriesMasterId))
          seriesBookings.set(item.seriesMasterId, await seriesBooking(token, item.seriesMasterId));
      const changes = items
        .map((item) => changeOf(item, seriesBookings))
        .filter((change) => change !== undefined);
      const next = page['@odata.nextLink'];
      if (next)
        return {
          changes,
          cursor: writeCursor({ full: state.full, link: next }),
          more: true,
          full: state.full,
        };
      const delta = page['@odata.deltaLink'];
      if (!delta) throw new Error(`${NAME} ended a delta round without a deltaLink`);
      return { changes, cursor: writeCursor({ full: false, link: delta }), more: false, full: state.full };
    },
  };
}
