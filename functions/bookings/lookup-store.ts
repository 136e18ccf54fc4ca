import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@core/aws/dynamodb';
import { env } from '@core/env';
import { db, type BookingItem, type BookingOccurrenceItem } from '@core/table/entities';
import { owned } from '@core/table/batch-get';

/**
 * Reads of bookings (docs/data-model.md, patterns 39–42). A booking is one item with its rule
 * and exceptions; an occurrence changed on its own is an item under it. Both are indexed by the
 * instant they end under their venue (gsi1), their space (gsi2) and their account (gsi3), so the
 * bookings that touch a window are one Query of what ends after the window starts, narrowed to
 * what starts before it ends, then expanded (shared/series-edit.ts).
 */

interface BookingsFound {
  bookings: BookingItem[];
  /** Occurrences changed on their own, each under its own times. */
  occurrences: BookingOccurrenceItem[];
}

/**
 * A booking or an occurrence changed on its own, each read by its own entity: ElectroDB's parser
 * would otherwise take an occurrence's item for a booking (its key fits the booking's template),
 * so ownership (the entity named in the item) is checked.
 */
export function parseBookingItem(
  Item: Record<string, unknown>,
): { booking: BookingItem } | { occurrence: BookingOccurrenceItem } | null {
  const { booking, bookingOccurrence } = db().entities;
  const occurrence = bookingOccurrence.parse({ Item }, owned).data;
  if (occurrence) return { occurrence };
  const series = booking.parse({ Item }, owned).data;
  return series ? { booking: series } : null;
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
 * DynamoDB.
 */
export async function bookingsTouching(
  scope: BookingScope,
  window: { from: string; to?: string },
): Promise<BookingsFound> {
  const { index, pk, sk } = indexOf(scope);
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
      }),
    );
    for (const Item of page.Items ?? []) {
      const parsed = parseBookingItem(Item);
      if (parsed && 'occurrence' in parsed) found.occurrences.push(parsed.occurrence);
      else if (parsed) found.bookings.push(parsed.booking);
    }
    start = page.LastEvaluatedKey;
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
      const parsed = parseBookingItem(Item);
      if (parsed && 'occurrence' in parsed) occurrences.push(parsed.occurrence);
      else if (parsed) found = parsed.booking;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { booking: found, occurrences };
}
