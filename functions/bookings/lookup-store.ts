import { db, type BookingItem, type BookingOccurrenceItem } from '@core/table/entities';

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

/** Where to look: an account's bookings, a venue's, or a space's. */
export type BookingScope =
  { accountId: string } | { accountId: string; venueId: string } | { accountId: string; spaceId: string };

/**
 * The Query of a scope's bookings and changed occurrences that end after `from` (the collection
 * of both entities on the scope's index: sk > `END#<from>`), and start before `to` when given (a
 * filter).
 */
export function bookingsTouchingQuery(scope: BookingScope, window: { from: string; to?: string }) {
  const { collections } = db();
  const { accountId: account_id } = scope;
  const query =
    'spaceId' in scope
      ? collections.spaceBookings({ account_id, space_id: scope.spaceId }).gt({ end_at: window.from })
      : 'venueId' in scope
        ? collections.venueBookings({ account_id, venue_id: scope.venueId }).gt({ end_at: window.from })
        : collections.accountBookings({ account_id }).gt({ end_at: window.from });
  const { to } = window;
  return to === undefined ? query : query.where(({ start_at }, { lt }) => lt(start_at, to));
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
  const { data } = await bookingsTouchingQuery(scope, window).go({ pages: 'all' });
  return { bookings: data.booking, occurrences: data.bookingOccurrence };
}

/**
 * The Query of a booking and its changed occurrences: the collection `bookingState`, sk begins
 * `BOOKING#<id>` and the id itself as a filter (the collection's prefix ends at the id, without
 * its delimiter, so the filter keeps another booking whose id starts with this one out).
 */
export function bookingStateQuery(accountId: string, bookingId: string) {
  return db()
    .collections.bookingState({ account_id: accountId, booking_id: bookingId })
    .where(({ booking_id }, { eq }) => eq(booking_id, bookingId));
}

/**
 * A booking and its changed occurrences, strongly consistent: one Query of the account's
 * partition, sk begins `BOOKING#<id>#` (pattern 42). What a change or a delete plans from.
 */
export async function getBookingState(
  accountId: string,
  bookingId: string,
): Promise<{ booking: BookingItem | null; occurrences: BookingOccurrenceItem[] }> {
  const { data } = await bookingStateQuery(accountId, bookingId).go({ pages: 'all', consistent: true });
  return { booking: data.booking[0] ?? null, occurrences: data.bookingOccurrence };
}
