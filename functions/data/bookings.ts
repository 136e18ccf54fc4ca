import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../aws/dynamodb';
import { env } from '../env';
import { db, type BookingItem, type BookingOccurrenceItem } from './entities';

/**
 * Reads of bookings (docs/data-model.md, patterns 39–42). A booking is one item with its rule
 * and exceptions; an occurrence changed on its own is an item under it. Both are indexed by the
 * instant they end under their venue (gsi1), their space (gsi2) and their account (gsi3), so the
 * bookings that touch a window are one Query of what ends after the window starts, narrowed to
 * what starts before it ends, then expanded (shared/series-edit.ts).
 */

export interface BookingsFound {
  bookings: BookingItem[];
  /** Occurrences changed on their own, each under its own times. */
  occurrences: BookingOccurrenceItem[];
}

/** Where to look: an account's bookings, a venue's, or a space's. */
export type BookingScope =
  { accountId: string } | { accountId: string; venueId: string } | { accountId: string; spaceId: string };

function indexOf(scope: BookingScope): { index: string; pk: string; sk: string } {
  if ('spaceId' in scope)
    return {
      index: 'gsi2',
      pk: `ACCOUNT#${scope.accountId}#SPACE#${scope.spaceId}#BOOKINGS#`,
      sk: 'gsi2sk',
    };
  if ('venueId' in scope)
    return {
      index: 'gsi1',
      pk: `ACCOUNT#${scope.accountId}#VENUE#${scope.venueId}#BOOKINGS#`,
      sk: 'gsi1sk',
    };
  return { index: 'gsi3', pk: `ACCOUNT#${scope.accountId}#BOOKINGS#`, sk: 'gsi3sk' };
}

/**
 * The bookings and changed occurrences of a scope that end after `from` and start before `to`
 * (instants, ISO 8601 UTC): one Query of the index by end (pattern 39–41), the start filtered by
 * DynamoDB. `limit` stops after that many items in end order (the next ones from now).
 */
export async function bookingsTouching(
  scope: BookingScope,
  window: { from: string; to?: string },
  options: { limit?: number } = {},
): Promise<BookingsFound> {
  const { index, pk, sk } = indexOf(scope);
  const { booking, bookingOccurrence } = db().entities;
  const found: BookingsFound = { bookings: [], occurrences: [] };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        IndexName: index,
        KeyConditionExpression: '#pk = :pk AND #sk > :from',
        ...(window.to ? { FilterExpression: '#start < :to' } : {}),
        ExpressionAttributeNames: {
          '#pk': `${index}pk`,
          '#sk': sk,
          ...(window.to ? { '#start': 'start_at' } : {}),
        },
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': `END#${window.from}`,
          ...(window.to ? { ':to': window.to } : {}),
        },
        ExclusiveStartKey: start,
        ...(options.limit ? { Limit: options.limit } : {}),
      }),
    );
    for (const Item of page.Items ?? []) {
      // Each item is parsed by its own entity, named in ElectroDB's identifier attribute (the
      // booking's parser would also take an occurrence's item: its key fits the booking's template).
      if (Item.__edb_e__ === 'bookingOccurrence') {
        const occurrence = bookingOccurrence.parse({ Item }).data;
        if (occurrence) found.occurrences.push(occurrence);
      } else {
        const series = booking.parse({ Item }).data;
        if (series) found.bookings.push(series);
      }
    }
    start = page.LastEvaluatedKey;
    if (options.limit && found.bookings.length + found.occurrences.length >= options.limit) break;
  } while (start);
  return found;
}

/**
 * A booking and its changed occurrences, strongly consistent: one Query of the account's
 * partition, sk begins `BOOKING#<id>#` (pattern 42). What a change or a delete plans from.
 */
export async function getBookingState(
  accountId: string,
  bookingId: string,
): Promise<{ booking: BookingItem | null; occurrences: BookingOccurrenceItem[] }> {
  const { booking, bookingOccurrence } = db().entities;
  let found: BookingItem | null = null;
  const occurrences: BookingOccurrenceItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: env().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': `ACCOUNT#${accountId}#`, ':sk': `BOOKING#${bookingId}#` },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const Item of page.Items ?? []) {
      found ??= booking.parse({ Item }).data;
      const occurrence = bookingOccurrence.parse({ Item }).data;
      if (occurrence) occurrences.push(occurrence);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { booking: found, occurrences };
}

/** The newest bookings of an account: Query sk begins `BOOKING#`, newest first (ids are ULIDs). */
export async function recentBookingItems(accountId: string, limit: number): Promise<BookingItem[]> {
  const { data } = await db()
    .entities.booking.query.byId({ account_id: accountId })
    .go({ order: 'desc', limit });
  return data;
}
