import { DateTime } from 'luxon';
import type { graphEvents, GraphCalendar, Json } from './graph-events';
import { opaqueToken, StandInError, type Incoming, type Reply } from './standin-server';

/**
 * `calendarView/delta` of the Microsoft Graph stand-in (`microsoft-graph.ts`): the occurrences,
 * exceptions and single instances of a window, paged by `Prefer: odata.maxpagesize` (10 by
 * default) through `@odata.nextLink` with `$skiptoken`, ending with an `@odata.deltaLink` with
 * `$deltatoken` that gives the changes since, removed ones as `{ "@removed": { "reason": "deleted" },
 * id }`; an unknown or expired token answers 410 `syncStateNotFound`.
 */

const gone = () =>
  new StandInError(
    410,
    'syncStateNotFound',
    'The sync state generation is not found. A full sync is required.',
  );

interface DeltaState {
  calendarId: string;
  path: string;
  from: DateTime;
  to: DateTime;
  /** What the client has been told: each event's id and the JSON it was sent. */
  seen: Map<string, string>;
}

/** The window of a calendar view (`startDateTime`, `endDateTime`), which Graph requires. */
export function windowOf(query: URLSearchParams): [DateTime, DateTime] {
  const [from, to] = [query.get('startDateTime'), query.get('endDateTime')].map((text) =>
    text ? DateTime.fromISO(text, { zone: 'UTC' }) : undefined,
  );
  if (!from?.isValid || !to?.isValid)
    throw new StandInError(
      400,
      'ErrorInvalidParameter',
      'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
    );
  return [from, to];
}

export function graphDelta(
  store: ReturnType<typeof graphEvents>,
  /** An event as Graph answers the request (times in its zone). */
  shown: (event: Json, request: Incoming) => Json,
  /** `…/v1.0` of the running stand-in. */
  apiUrl: () => string,
) {
  const deltaTokens = new Map<string, DeltaState>();
  const skipTokens = new Map<string, { state: DeltaState; items: Json[]; offset: number; size: number }>();

  /** One page of a delta round; the last one registers the state its deltaLink stands for. */
  const deltaPage = (request: Incoming, state: DeltaState, items: Json[], offset: number): Reply => {
    const prefer = /odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1];
    const size = Math.min(Math.max(Number(prefer ?? 10), 1), 1000);
    const token = opaqueToken();
    const more = offset + size < items.length;
    if (more) skipTokens.set(token, { state, items, offset: offset + size, size });
    else deltaTokens.set(token, state);
    return {
      status: 200,
      headers: prefer ? { 'preference-applied': `odata.maxpagesize=${size}` } : {},
      body: {
        '@odata.context': `${apiUrl()}/$metadata#Collection(event)`,
        [more ? '@odata.nextLink' : '@odata.deltaLink']:
          `${apiUrl()}${state.path}?${more ? '$skiptoken' : '$deltatoken'}=${token}`,
        value: items
          .slice(offset, offset + size)
          .map((item) => ('@removed' in item ? item : shown(item, request))),
      },
    };
  };

  return {
    /** A delta request on `calendar` at `path` (the request's own route). */
    delta(request: Incoming, calendar: GraphCalendar, path: string): Reply {
      const query = request.url.searchParams;
      const skip = query.get('$skiptoken');
      if (skip) {
        const kept = skipTokens.get(skip);
        if (!kept || kept.state.calendarId !== calendar.id) throw gone();
        return deltaPage(request, kept.state, kept.items, kept.offset);
      }
      const deltaToken = query.get('$deltatoken');
      const before = deltaToken ? deltaTokens.get(deltaToken) : undefined;
      if (deltaToken && (!before || before.calendarId !== calendar.id)) throw gone();
      const [from, to] = before ? [before.from, before.to] : windowOf(query);
      const view = store.view(calendar, from, to);
      const seen = new Map([...view].map(([id, event]) => [id, JSON.stringify(event)]));
      const items: Json[] = [];
      for (const [id, event] of view) if (before?.seen.get(id) !== seen.get(id)) items.push(event);
      for (const id of before?.seen.keys() ?? [])
        if (!view.has(id))
          items.push({ '@odata.type': '#microsoft.graph.event', id, '@removed': { reason: 'deleted' } });
      return deltaPage(request, { calendarId: calendar.id, path, from, to, seen }, items, 0);
    },

    /** Forgets delta and skip tokens (of one calendar, or all): their next use is a 410. */
    expire(calendarId?: string): number {
      let expired = 0;
      for (const [token, state] of deltaTokens)
        if (!calendarId || state.calendarId === calendarId) expired += Number(deltaTokens.delete(token));
      for (const [token, kept] of skipTokens)
        if (!calendarId || kept.state.calendarId === calendarId) skipTokens.delete(token);
      return expired;
    },
  };
}
