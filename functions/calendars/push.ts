import { getBookingState } from '../bookings';
import { getCalendarAccount } from './store';
import { duePushes, reschedulePush, settlePush, type PushedAt } from '../bookings';
import { readSpace } from '../bookings';
import type { BookingItem, BookingOccurrenceItem, CalendarPushItem } from '@core/table/entities';
import { allShards } from '@core/table/shards';
import { logger } from '@core/logger';
import { MetricName } from '@core/observability/catalogue';
import { countJobItemFailure, countMetric, recordDuration } from '@core/observability/metrics';
import { toRRule } from '@shared/recurrence';
import { bookingTiming } from '../bookings';
import { connect, tokenRefused } from './access';
import {
  CalendarGone,
  GrantRefused,
  ProviderUnavailable,
  type PushedEvent,
  type PushedRef,
  type WallTime,
} from './providers/provider';

/**
 * Pushing bookings to linked calendars (docs/architecture.md §11): the push job delivers
 * the outbox (functions/bookings/calendar-push-store.ts). A delivery makes the calendar show the booking
 * as it is now — one event, or one recurring event with its exceptions and deleted occurrences —
 * under an id derived from the booking, so a retry after a crash or a lost answer finds the event
 * an earlier attempt made (never a duplicate). A booking that moved to another space, or whose
 * space stopped syncing, has its event deleted where it was; a cancelled booking too. A provider
 * that is down or throttles leaves the push due again later (Retry-After, or a growing back-off):
 * a booking is never blocked by it, and no change is lost.
 */

/** Back-off after a failed attempt: 30 s doubling, at most an hour. */
const backoff = (attempts: number) => Math.min(30_000 * 2 ** attempts, 3_600_000);
/** After the provider refused the grant: tried again once it may have been reconnected. */
const RECONNECT_WAIT = 15 * 60_000;
/** A push that keeps failing for a week is given up (noted in the log). */
const GIVE_UP_AFTER = 7 * 24 * 3_600_000;

const wall = (time: string): WallTime => time.replace(' ', 'T');

/** What was pushed before, as the provider client knows it. */
const refOf = (at: PushedAt): PushedRef | undefined =>
  at?.pushed_event_id
    ? {
        eventId: at.pushed_event_id,
        ...(at.pushed_extra_ids?.length ? { extraIds: at.pushed_extra_ids } : {}),
      }
    : undefined;

/** The booking as the provider's event: the series with its exceptions and deleted occurrences. */
function pushedEventOf(booking: BookingItem, occurrences: readonly BookingOccurrenceItem[]): PushedEvent {
  const rrule = booking.recurring === 'Yes' ? toRRule(bookingTiming(booking)) : undefined;
  const changed = new Set(occurrences.map((occurrence) => occurrence.recurrence_id));
  return {
    bookingId: booking.booking_id,
    title: booking.title,
    description: booking.description,
    timezone: booking.timezone,
    start: wall(booking.start_date),
    end: wall(booking.end_date),
    attendees: booking.invites_list.map(({ name, email }) => ({ email, ...(name ? { name } : {}) })),
    ...(rrule ? { rrule } : {}),
    exdates: rrule ? booking.exdates.filter((start) => !changed.has(start)).map(wall) : [],
    exceptions: rrule
      ? occurrences.map((occurrence) => ({
          originalStart: wall(occurrence.recurrence_id),
          title: occurrence.title,
          description: occurrence.description,
          start: wall(occurrence.start_date),
          end: wall(occurrence.end_date),
          attendees: occurrence.invites_list.map(({ name, email }) => ({ email, ...(name ? { name } : {}) })),
        }))
      : [],
  };
}

/** Where the booking's event should be: its space's calendar, when it syncs and the account is connected. */
async function targetOf(booking: BookingItem | null) {
  if (!booking || booking.source) return null;
  const space = await readSpace(booking.account_id, booking.space_id);
  if (!space?.calendar_account_id || !space.calendar_id) return null;
  const account = await getCalendarAccount(booking.account_id, space.calendar_account_id);
  if (!account) return null;
  return { account, calendarId: space.calendar_id };
}

type PushOutcome = 'pushed' | 'deleted' | 'nothing' | 'retry' | 'dropped';

/** Delivers one booking's pending push. */
async function deliverPush(item: CalendarPushItem): Promise<PushOutcome> {
  const rev = item.pending;
  if (!rev) return 'nothing';
  const { booking, occurrences } = await getBookingState(item.account_id, item.booking_id);
  try {
    const target = await targetOf(booking);
    const before: PushedAt = item.pushed_event_id ? item : null;
    const sameCalendar =
      before &&
      target &&
      before.pushed_calendar_account_id === target.account.calendar_account_id &&
      before.pushed_calendar_id === target.calendarId;
    let outcome: PushOutcome = 'nothing';
    if (before && !sameCalendar) {
      // Moved, cancelled or no longer synced: the event leaves the calendar it was written to.
      const previous = await getCalendarAccount(item.account_id, before.pushed_calendar_account_id!);
      if (previous?.status === 'Connected') {
        const { client, accessToken } = await connect(previous);
        await client.deleteEvent(accessToken, before.pushed_calendar_id!, refOf(before)!);
        outcome = 'deleted';
      }
    }
    let at: PushedAt = sameCalendar ? before : null;
    if (target && booking) {
      const { client, accessToken } = await connect(target.account).catch((error: unknown) => {
        if (error instanceof GrantRefused) tokenRefused(target.account);
        throw error;
      });
      const ref = await client.upsertEvent(
        accessToken,
        target.calendarId,
        pushedEventOf(booking, occurrences),
        sameCalendar ? refOf(before) : undefined,
      );
      at = {
        pushed_calendar_account_id: target.account.calendar_account_id,
        pushed_calendar_id: target.calendarId,
        pushed_provider: target.account.provider,
        pushed_event_id: ref.eventId,
        ...(ref.extraIds?.length ? { pushed_extra_ids: ref.extraIds } : {}),
      };
      outcome = 'pushed';
    }
    await settlePush(item, rev, at);
    return outcome;
  } catch (error) {
    return failed(item, error);
  }
}

async function failed(item: CalendarPushItem, error: unknown): Promise<PushOutcome> {
  const message = (error as Error).message || String(error);
  const age = Date.now() - (item.pending_since ?? Date.now());
  if (error instanceof CalendarGone || age > GIVE_UP_AFTER) {
    logger.warn('A calendar push was given up', { bookingId: item.booking_id, error: message });
    await settlePush(item, item.pending!, item.pushed_event_id ? item : null);
    return 'dropped';
  }
  const wait =
    error instanceof ProviderUnavailable
      ? Math.max((error.retryAfter ?? 0) * 1000, backoff(item.attempts ?? 0))
      : error instanceof GrantRefused
        ? RECONNECT_WAIT
        : backoff(item.attempts ?? 0);
  if (!(error instanceof ProviderUnavailable) && !(error instanceof GrantRefused))
    logger.error('A calendar push failed', error as Error);
  await reschedulePush(item, Date.now() + wait, message);
  return 'retry';
}

interface PushRun {
  delivered: number;
  retried: number;
  dropped: number;
}

/**
 * One run of the push job: every due push of every shard, one after the other. A push that fails
 * (due again later, or given up) is counted as a failed item of the job, and the others go on.
 */
export async function runPushes(now = Date.now()): Promise<PushRun> {
  const run: PushRun = { delivered: 0, retried: 0, dropped: 0 };
  let written = 0;
  for (const shard of allShards()) {
    for (const item of await duePushes(shard, now)) {
      const outcome = await deliverPush(item);
      if (outcome === 'retry' || outcome === 'dropped') countJobItemFailure('calendar-push');
      if (outcome === 'retry') run.retried += 1;
      else if (outcome === 'dropped') run.dropped += 1;
      else run.delivered += 1;
      if (outcome === 'pushed' || outcome === 'deleted') {
        written += 1;
        // From the booking's change (its revision marked pending) to the calendar showing it.
        if (item.pending_since) recordDuration(MetricName.CalendarPushLag, Date.now() - item.pending_since);
      }
    }
  }
  countMetric(MetricName.CalendarPushes, written);
  return run;
}
