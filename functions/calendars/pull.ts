import { createHash } from 'node:crypto';
import * as z from 'zod';
import {
  getCalendarLinks,
  listExternalBookings,
  readLinkPlaces,
  saveLinkState,
  watchedLinks,
  writeExternalBookings,
} from './store';
import type { BookingItem, CalendarLinkItem } from '@core/table/entities';
import { allShards } from '@core/table/shards';
import { logger } from '@core/logger';
import { inProcessQueue, jobQueue, type JobWorker } from '@core/jobs/queue';
import { MetricName } from '@core/observability/catalogue';
import { countJobItemFailure, countMetric, recordDuration } from '@core/observability/metrics';
import { formatWallTime, instantToWallTime } from '@shared/wall-time';
import { connect, tokenRefused } from './access';
import {
  CalendarGone,
  GrantRefused,
  ProviderUnavailable,
  SyncExpired,
  type ExternalChange,
  type ExternalInstance,
} from './providers/provider';
import { keepWatch } from './watches';

/**
 * Reading linked calendars into their spaces (docs/architecture.md §11): the pull job asks
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
function externalBookingId(spaceId: string, externalId: string): string {
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
function applyChanges(
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

interface PullResult {
  changes: number;
  written: number;
  removed: number;
  full: boolean;
}

/**
 * One sync of one space: every page of changes since its cursor, applied in one go. Null when the
 * space was not read: waiting after a failure, its account not connected, or the provider failing
 * now (noted on the sync, which waits before it is tried again).
 */
export async function pullSpace(link: CalendarLinkItem, now = Date.now()): Promise<PullResult | null> {
  const outcome = await pullSpaceOutcome(link, now);
  return typeof outcome === 'string' ? null : outcome;
}

/** A sync's outcome: what it read, or `skipped` (not due, not connected), or `failed` (noted on the sync). */
async function pullSpaceOutcome(
  link: CalendarLinkItem,
  now: number,
): Promise<PullResult | 'skipped' | 'failed'> {
  if (link.retry_at && link.retry_at > now) return 'skipped';
  const { account, venue } = await readLinkPlaces(link);
  if (!account || account.status !== 'Connected' || !venue) return 'skipped';
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
      return 'failed';
    }
    const message = (error as Error).message || String(error);
    if (error instanceof ProviderUnavailable) {
      await saveLinkState(link, {
        retry_at: now + Math.max((error.retryAfter ?? 0) * 1000, FAILURE_WAIT),
        last_error: message,
      });
      return 'failed';
    }
    if (error instanceof CalendarGone) {
      await saveLinkState(link, { last_error: message, retry_at: now + 15 * FAILURE_WAIT });
      return 'failed';
    }
    throw error;
  }
}

interface PullRun {
  /** Messages the planner sent (an account's synced spaces each, ten at most). */
  messages: number;
  /** Where they went: `in-process`, and the counts below are the worker's; `sqs`, and they are in the workers' logs. */
  queue: 'sqs' | 'in-process';
  /** Spaces read. */
  spaces: number;
  changes: number;
  written: number;
  removed: number;
  /** Spaces whose read failed (each logged or noted on its sync, and counted as a failed item of the job). */
  failed: number;
}

const JOB = 'calendar-pull';
/** An account's synced spaces read by one message at most. */
const SPACES_PER_MESSAGE = 10;

/** What the planner sends the worker: some synced spaces of one account, read again by key. */
const pullMessageSchema = z.object({
  account_id: z.string().min(1),
  space_ids: z.array(z.string().min(1)).min(1).max(SPACES_PER_MESSAGE),
});
type PullMessage = z.infer<typeof pullMessageSchema>;

/**
 * The planner's work (docs/architecture.md, "Fan-out jobs"): the synced spaces of every shard (a
 * Query of the sparse watch index each), grouped by account, {@link SPACES_PER_MESSAGE} to a message.
 */
async function planPulls(): Promise<PullMessage[]> {
  const links = (await Promise.all(allShards().map((shard) => watchedLinks(shard)))).flat();
  const byAccount = new Map<string, string[]>();
  for (const link of links)
    byAccount.set(link.account_id, [...(byAccount.get(link.account_id) ?? []), link.space_id]);
  const messages: PullMessage[] = [];
  for (const [account_id, spaceIds] of byAccount) {
    for (let i = 0; i < spaceIds.length; i += SPACES_PER_MESSAGE) {
      messages.push({ account_id, space_ids: spaceIds.slice(i, i + SPACES_PER_MESSAGE) });
    }
  }
  return messages;
}

type WorkerRun = Omit<PullRun, 'messages' | 'queue'>;

/**
 * The worker's work on one message: each space's sync read again by key (its cursor as it is now),
 * then pulled, one after the other. A space that fails is logged and counted, and the others go
 * on; its next pull is the next run's (or the provider's notification's).
 */
async function pullMessage(message: PullMessage, now = Date.now()): Promise<WorkerRun> {
  const run: WorkerRun = { spaces: 0, changes: 0, written: 0, removed: 0, failed: 0 };
  const order = new Map(message.space_ids.map((id, index) => [id, index]));
  const links = (await getCalendarLinks(message.account_id, message.space_ids)).sort(
    (a, b) => order.get(a.space_id)! - order.get(b.space_id)!,
  );
  for (const link of links) {
    try {
      const outcome = await pullSpaceOutcome(link, now);
      if (outcome === 'skipped') continue;
      if (outcome === 'failed') {
        run.failed += 1;
        countJobItemFailure(JOB);
        continue;
      }
      run.spaces += 1;
      run.changes += outcome.changes;
      run.written += outcome.written;
      run.removed += outcome.removed;
      // How stale the space's bookings from its calendar had been: since its last successful read.
      if (link.synced_at) recordDuration(MetricName.CalendarPullLag, now - Date.parse(link.synced_at));
    } catch (error) {
      run.failed += 1;
      countJobItemFailure(JOB);
      logger.error('A calendar sync failed', error as Error);
    }
  }
  countMetric(MetricName.CalendarPulls, run.spaces);
  return run;
}

/** The pull job's worker: the SQS handler's in AWS (calendar-pull-worker.ts), the in-process queue's locally. */
export const pullWorker: JobWorker<PullMessage, WorkerRun, { now?: number }> = {
  job: JOB,
  schema: pullMessageSchema,
  work: (message, options) => pullMessage(message, options?.now),
};

/**
 * One run of the pull job as scheduled: the planner, whose messages go to the job's queue (SQS in
 * AWS) or, locally, to the worker in this process. The worker reads at its own time unless `now`
 * fixes one (a test's).
 */
export async function runPullJob(now?: number, queueOf = jobQueue): Promise<PullRun> {
  const run: PullRun = {
    messages: 0,
    queue: 'in-process',
    spaces: 0,
    changes: 0,
    written: 0,
    removed: 0,
    failed: 0,
  };
  const queue = queueOf(
    pullWorker,
    (report) => {
      run.spaces += report.spaces;
      run.changes += report.changes;
      run.written += report.written;
      run.removed += report.removed;
      run.failed += report.failed;
    },
    { now },
  );
  const messages = await planPulls();
  await queue.send(messages);
  return { ...run, messages: messages.length, queue: queue.kind };
}

/**
 * One run of the pull job in this process (the tests, the benches): the planner, then the worker
 * on each message here, whatever the configuration.
 */
export function runPulls(now?: number): Promise<PullRun> {
  return runPullJob(now, inProcessQueue);
}
