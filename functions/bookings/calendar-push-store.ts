import { ulid } from 'ulid';
import { db, type CalendarPushItem } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { changedMeanwhile, runStepsIf, type Entities, type Step } from '@core/table/transactions';

/**
 * The outbox of pushes to linked calendars (docs/data-model.md, "Linked calendars"): a booking
 * write in a linked space leaves, in its own transaction, the booking's push item marked pending
 * with a new revision and due now; the push job (functions/calendars/push.ts) reads what
 * is due from the sparse `due` index, makes the calendar match the booking, and settles the item
 * on condition that no later write marked it meanwhile. Several changes before a delivery are one
 * delivery of the booking as it then is.
 */

/** The steps that mark bookings' pushes pending, for a booking write's transaction. */
export function pushSteps(e: Entities, accountId: string, bookingIds: Iterable<string>): Step[] {
  const due_at = Date.now();
  return [...new Set(bookingIds)].map((booking_id) => [
    e.calendarPush
      .upsert({
        account_id: accountId,
        booking_id,
        pending: ulid(),
        due_shard: shardOf(booking_id),
        due_at,
        pending_since: due_at,
        attempts: 0,
      })
      .commit(),
    changedMeanwhile,
  ]);
}

/** The pushes of one shard due by `now`, soonest first: one Query of the sparse index. */
export async function duePushes(shard: string, now: number, limit = 200): Promise<CalendarPushItem[]> {
  const { data } = await db()
    .entities.calendarPush.query.due({ due_shard: shard })
    .lt({ due_at: now + 1 })
    .go({ limit });
  return data;
}

/** Where the booking's event now is, or null when there is none. */
export type PushedAt = Pick<
  CalendarPushItem,
  | 'pushed_calendar_account_id'
  | 'pushed_calendar_id'
  | 'pushed_provider'
  | 'pushed_event_id'
  | 'pushed_extra_ids'
> | null;

const pushedFields = [
  'pushed_calendar_account_id',
  'pushed_calendar_id',
  'pushed_provider',
  'pushed_event_id',
  'pushed_extra_ids',
] as const;

/**
 * Records a delivery: where the event now is, and — when no write marked the push again since
 * revision `rev` was read — the push settled (out of the due index). Answers whether it settled.
 */
export async function settlePush(item: CalendarPushItem, rev: string, at: PushedAt): Promise<boolean> {
  const key = { account_id: item.account_id, booking_id: item.booking_id };
  const set = Object.fromEntries(
    pushedFields.flatMap((field) => (at?.[field] === undefined ? [] : [[field, at[field]]])),
  );
  const cleared = pushedFields.filter((field) => at?.[field] === undefined);
  const settled = await runStepsIf((e) => [
    [
      e.calendarPush
        .patch(key)
        .set(set)
        .remove([...cleared, 'pending', 'pending_since', 'due_shard', 'due_at', 'attempts', 'last_error'])
        .where(({ pending }, { eq }) => eq(pending, rev))
        .commit(),
      changedMeanwhile,
    ],
  ]);
  // Marked again meanwhile: it stays due, and remembers where the event is.
  if (!settled) await db().entities.calendarPush.patch(key).set(set).remove(cleared).go();
  return settled;
}

/** A failed delivery: due again at `dueAt`, with the failure noted (unless it was settled meanwhile). */
export async function reschedulePush(item: CalendarPushItem, dueAt: number, error: string): Promise<void> {
  await runStepsIf((e) => [
    [
      e.calendarPush
        .patch({ account_id: item.account_id, booking_id: item.booking_id })
        .set({
          due_shard: item.due_shard ?? shardOf(item.booking_id),
          due_at: dueAt,
          attempts: (item.attempts ?? 0) + 1,
          last_error: error.slice(0, 500),
        })
        .where(({ pending }, { exists }) => exists(pending))
        .commit(),
      changedMeanwhile,
    ],
  ]);
}
