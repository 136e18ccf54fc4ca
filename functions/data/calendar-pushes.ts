import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { documentClient } from '../aws/dynamodb';
import { env } from '../env';
import { db, type CalendarPushItem } from './entities';
import { shardOf } from './shards';
import { changedMeanwhile, type Entities, type Step } from './transactions';

/**
 * The outbox of pushes to linked calendars (docs/data-model.md, "Linked calendars"): a booking
 * write in a linked space leaves, in its own transaction, the booking's push item marked pending
 * with a new revision and due now; the push job (functions/services/calendars/push.ts) reads what
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

export async function getPush(accountId: string, bookingId: string): Promise<CalendarPushItem | null> {
  const { data } = await db()
    .entities.calendarPush.get({ account_id: accountId, booking_id: bookingId })
    .go({ consistent: true });
  return data;
}

/** The pushes of one shard due by `now`, soonest first: one Query of the sparse index. */
export async function duePushes(shard: string, now: number, limit = 200): Promise<CalendarPushItem[]> {
  const e = db().entities;
  const answer = await documentClient().send(
    new QueryCommand({
      TableName: env().TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :until',
      ExpressionAttributeValues: { ':pk': `CALPUSH#${shard}#`, ':until': `DUE#${now + 1}` },
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).flatMap((Item) => {
    const { data } = e.calendarPush.parse({ Item });
    return data ? [data] : [];
  });
}

const keyOf = (item: Pick<CalendarPushItem, 'account_id' | 'booking_id'>) => {
  const { pk, sk } = db()
    .entities.calendarPush.get({ account_id: item.account_id, booking_id: item.booking_id })
    .params().Key as { pk: string; sk: string };
  return { pk, sk };
};

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
];

/**
 * Records a delivery: where the event now is, and — when no write marked the push again since
 * revision `rev` was read — the push settled (out of the due index). Answers whether it settled.
 */
export async function settlePush(item: CalendarPushItem, rev: string, at: PushedAt): Promise<boolean> {
  const values: Record<string, unknown> = { ':updated': new Date().toISOString() };
  const sets = ['updated_at = :updated'];
  const removes: string[] = [];
  for (const field of pushedFields) {
    const value = at?.[field as keyof NonNullable<PushedAt>];
    if (value === undefined) removes.push(field);
    else {
      sets.push(`${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const record = (expression: string, condition?: string) =>
    documentClient().send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keyOf(item),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeValues: condition ? { ...values, ':rev': rev } : values,
      }),
    );
  const settled = [
    'pending',
    'pending_since',
    'due_shard',
    'due_at',
    'attempts',
    'last_error',
    'gsi1pk',
    'gsi1sk',
  ];
  try {
    await record(`SET ${sets.join(', ')} REMOVE ${[...removes, ...settled].join(', ')}`, 'pending = :rev');
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    // Marked again meanwhile: keep it due, and remember where the event is.
    await record(`SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`);
    return false;
  }
}

/** A failed delivery: due again at `dueAt`, with the failure noted. */
export async function reschedulePush(item: CalendarPushItem, dueAt: number, error: string): Promise<void> {
  const attempts = (item.attempts ?? 0) + 1;
  await documentClient()
    .send(
      new UpdateCommand({
        TableName: env().TABLE_NAME,
        Key: keyOf(item),
        UpdateExpression:
          'SET due_at = :due, attempts = :attempts, last_error = :error, gsi1sk = :sk, updated_at = :updated',
        ConditionExpression: 'attribute_exists(pending)',
        ExpressionAttributeValues: {
          ':due': dueAt,
          ':attempts': attempts,
          ':error': error.slice(0, 500),
          ':sk': `DUE#${dueAt}#${item.account_id}#${item.booking_id}#`,
          ':updated': new Date().toISOString(),
        },
      }),
    )
    .catch((failure: unknown) => {
      if ((failure as Error).name !== 'ConditionalCheckFailedException') throw failure;
    });
}
