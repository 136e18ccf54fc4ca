import { createHash } from 'node:crypto';
import {
  listExternalBookings,
  readLinkPlaces,
  saveLinkState,
  watchedLinks,
  writeExternalBookings,
} from '../../data/calendars';
import type { BookingItem, CalendarLinkItem } from '../../data/entities';
import { allShards } from '../../data/shards';
import { logger } from '../../http/logger';
import { formatWallTime, instantToWallTime } from '../../../shared/wall-time';
import { connect, tokenRefused } from './access';
import {
  CalendarGone,
  GrantRefused,
  ProviderUnavailable,
  SyncExpired,
  type ExternalChange,
  type ExternalInstance,
} from './provider';
import { keepWatch } from './watches';

/**
 * Reading linked calendars into their spaces (issue "Linked calendars", part 3): the pull job asks
 * each synced space's calendar for what changed since its cursor (Google's sync token, Graph's
 * delta link) and keeps the events made there as bookings of the space marked with their source:
 * one occurrence each, read only here, shown on the calendar and the room's screen, and counted by
 * the clash check like any booking. A booking's id comes from the event's own id, so reading an
 * event again rewrites the same booking (never a second one); an expired cursor starts a full read
 * that replaces what was read before. Events the product wrote itself (they carry the booking id)
 * are passed by. Series are read as their occurrences within a window (a week back, a year ahead),
 * read again in full once a month so that the window moves on. After a pull, the calendar is
 * watched where the API has a public URL (watches.ts), and a provider's notification pulls the
 * space at once (notifications.ts).
 */

const DAY = 86_400_000;
const WINDOW_BACK = 7 * DAY;
const WINDOW_AHEAD = 366 * DAY;
/** A full read again once the window's start is this old. */
const WINDOW_RENEW = 30 * DAY;
/** Cancelled occurrences remembered per space (the newest). */
const CANCELLED_KEPT = 2_000;
/** Wait after a provider failure that did not say how long. */
const FAILURE_WAIT = 60_000;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The booking id of an event read into a space: ULID-shaped, from the space and the event's id. */
export function externalBookingId(spaceId: string, externalId: string): string {
  const digest = createHash('sha256').update(`${spaceId}\n${externalId}`).digest();
  let value = BigInt(`0x${digest.subarray(0, 16).toString('hex')}`);
  let id = '';
  for (let i = 0; i < 26; i++) {
    id = CROCKFORD[Number(value & 31n)]! + id;
    value >>= 5n;
  }
  // 128 bits in 26 characters: the first carries the top 3, so it is 0–7, as a ULID's is.
  return id;
}

interface Place {
  link: CalendarLinkItem;
  timezone: string;
  owner: { id: string; name: string; email: string };
}

function bookingOf(place: Place, instance: ExternalInstance, exception: boolean): BookingItem {
  const { link, timezone, owner } = place;
  const start = Date.parse(instance.startAt);
  const end = Math.max(Date.parse(instance.endAt), start);
  const now = new Date().toISOString();
  return {
    account_id: link.account_id,
    booking_id: externalBookingId(link.space_id, instance.id),
    venue_id: link.venue_id,
    space_id: link.space_id,
    title: (instance.title || '').trim().slice(0, 200) || 'Busy',
    start_date: formatWallTime(instantToWallTime(start, timezone)),
    end_date: formatWallTime(instantToWallTime(end, timezone)),
    timezone,
    recurring: 'No',
    exdates: [],
    invites_list: [],
    start_at: new Date(start).toISOString(),
    end_at: new Date(end).toISOString(),
    organizer_id: owner.id,
    organizer_name: owner.name,
    organizer_email: owner.email,
    sequence: 0,
    source: link.provider,
    ext_id: instance.id,
    ...(instance.seriesId ? { ext_series_id: instance.seriesId } : {}),
    ...(exception ? { ext_exception: true } : {}),
    created_at: now,
    updated_at: now,
  };
}

/** What a round of changes does to the events read before (by their provider id). */
export function applyChanges(
  place: Place,
  before: ReadonlyMap<string, BookingItem>,
  changes: readonly ExternalChange[],
  cancelledBefore: readonly string[],
  full: boolean,
): { after: Map<string, BookingItem>; cancelled: string[] } {
  const after = new Map(full ? [] : before);
  const cancelled = new Set(full ? [] : cancelledBefore);
  const dropSeries = (seriesId: string, keepExceptions: boolean) => {
    for (const [id, item] of after)
      if (item.ext_series_id === seriesId && !(keepExceptions && item.ext_exception)) after.delete(id);
  };
  for (const change of changes) {
    if (change.type === 'series') {
      dropSeries(change.seriesId, true);
      if (change.bookingId) continue;
      for (const instance of change.instances) {
        if (cancelled.has(instance.id) || after.get(instance.id)?.ext_exception) continue;
        after.set(instance.id, bookingOf(place, { ...instance, seriesId: change.seriesId }, false));
      }
    } else if (change.type === 'instance') {
      const { instance } = change;
      if (instance.bookingId) continue;
      cancelled.delete(instance.id);
      after.set(instance.id, bookingOf(place, instance, !!instance.seriesId));
    } else if (change.seriesId) {
      after.delete(change.id);
      cancelled.add(change.id);
    } else {
      after.delete(change.id);
      dropSeries(change.id, false);
    }
  }
  return { after, cancelled: [...cancelled].slice(-CANCELLED_KEPT) };
}

/** Whether two readings of an event would show the same booking. */
const same = (a: BookingItem, b: BookingItem) =>
  a.title === b.title &&
  a.start_at === b.start_at &&
  a.end_at === b.end_at &&
  a.start_date === b.start_date &&
  a.ext_series_id === b.ext_series_id &&
  !!a.ext_exception === !!b.ext_exception;

export interface PullResult {
  changes: number;
  written: number;
  removed: number;
  full: boolean;
}

/** One sync of one space: every page of changes since its cursor, applied in one go. */
export async function pullSpace(link: CalendarLinkItem, now = Date.now()): Promise<PullResult | null> {
  if (link.retry_at && link.retry_at > now) return null;
  const { account, venue } = await readLinkPlaces(link);
  if (!account || account.status !== 'Connected' || !venue) return null;
  const place: Place = {
    link,
    timezone: venue.timezone,
    owner: { id: account.calendar_account_id, name: account.email, email: account.email },
  };
  try {
    const connected = await connect(account);
    const { client, accessToken } = connected;
    const renew = !link.window_from || Date.parse(link.window_from) < now - WINDOW_RENEW;
    let cursor = renew ? undefined : link.cursor;
    let window = renew
      ? { from: new Date(now - WINDOW_BACK), to: new Date(now + WINDOW_AHEAD) }
      : { from: new Date(link.window_from!), to: new Date(link.window_to ?? now + WINDOW_AHEAD) };
    const changes: ExternalChange[] = [];
    let full = cursor === undefined;
    for (;;) {
      try {
        const page = await client.changes(accessToken, link.calendar_id, cursor, window);
        changes.push(...page.changes);
        cursor = page.cursor;
        if (!page.more) break;
      } catch (error) {
        if (!(error instanceof SyncExpired) || full) throw error;
        // The provider forgot the cursor: read everything again, replacing what was read.
        changes.length = 0;
        cursor = undefined;
        full = true;
        window = { from: new Date(now - WINDOW_BACK), to: new Date(now + WINDOW_AHEAD) };
      }
    }
    let written = 0;
    let removed = 0;
    let cancelled = link.cancelled;
    if (changes.length || full) {
      const before = new Map(
        (await listExternalBookings(link.account_id, link.space_id)).map((item) => [item.ext_id ?? '', item]),
      );
      const result = applyChanges(place, before, changes, link.cancelled, full);
      cancelled = result.cancelled;
      const puts = [...result.after].filter(([id, item]) => !before.has(id) || !same(before.get(id)!, item));
      const removals = [...before].filter(([id]) => !result.after.has(id)).map(([, item]) => item.booking_id);
      await writeExternalBookings(
        link.account_id,
        link.space_id,
        puts.map(([, item]) => item),
        removals,
      );
      written = puts.length;
      removed = removals.length;
    }
    await saveLinkState(link, {
      cursor,
      cancelled,
      synced_at: new Date(now).toISOString(),
      ...(full ? { window_from: window.from.toISOString(), window_to: window.to.toISOString() } : {}),
    });
    // Where the API has a public URL, the provider is asked to tell of the next change at once.
    await keepWatch(link, connected);
    return { changes: changes.length, written, removed, full };
  } catch (error) {
    if (error instanceof GrantRefused) {
      tokenRefused(account);
      return null;
    }
    const message = (error as Error).message || String(error);
    if (error instanceof ProviderUnavailable) {
      await saveLinkState(link, {
        retry_at: now + Math.max((error.retryAfter ?? 0) * 1000, FAILURE_WAIT),
        last_error: message,
      });
      return null;
    }
    if (error instanceof CalendarGone) {
      await saveLinkState(link, { last_error: message, retry_at: now + 15 * FAILURE_WAIT });
      return null;
    }
    throw error;
  }
}

export interface PullRun {
  spaces: number;
  changes: number;
  written: number;
  removed: number;
  failed: number;
}

/** One run of the pull job: every synced space of every shard. */
export async function runPulls(now = Date.now()): Promise<PullRun> {
  const run: PullRun = { spaces: 0, changes: 0, written: 0, removed: 0, failed: 0 };
  for (const shard of allShards()) {
    for (const link of await watchedLinks(shard)) {
      try {
        const result = await pullSpace(link, now);
        if (!result) continue;
        run.spaces += 1;
        run.changes += result.changes;
        run.written += result.written;
        run.removed += result.removed;
      } catch (error) {
        run.failed += 1;
        logger.error('A calendar sync failed', error as Error);
      }
    }
  }
  return run;
}
