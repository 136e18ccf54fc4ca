import type { Invite } from '@shared/schemas/event';
import { Conflict, Forbidden, Invalid } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { batchGet } from '@core/table/batch-get';
import { pushSteps } from './calendar-push-store';
import {
  db,
  type BookingItem,
  type BookingOccurrenceItem,
  type InviteeItem,
  type SpaceCoordinatorItem,
  type SpaceItem,
  type VenueItem,
  type VenueManagerItem,
} from '@core/table/entities';
import { changedMeanwhile, runSteps, type Entities, type Step } from '@core/table/transactions';

/**
 * What booking requests read besides the windows of ./lookup-store.ts, and their writes
 * (docs/data-model.md, patterns 37, 42, 43). A write is one transaction: the bookings it puts or
 * deletes (a booking read before is replaced only at the `sequence` it was read at), the
 * occurrences changed on their own, the `version` of every space that gains occupied time (bumped
 * on condition that it is the one read, so of two writers that read the same bookings one fails
 * and reads again), the caller's assignment still Approved, the invitees, and the activity entry.
 */

/** The places a booking request names, and the caller's assignments to them, by id. */
export interface Places {
  venues: Map<string, VenueItem>;
  spaces: Map<string, SpaceItem>;
  /** A Venue Manager's assignments to the venues read. */
  managers: Map<string, VenueManagerItem>;
  /** An Event Coordinator's assignments to the spaces read. */
  coordinators: Map<string, SpaceCoordinatorItem>;
  /** Bookings asked for by id. */
  bookings: Map<string, BookingItem>;
}

interface PlaceKeys {
  venueIds?: Iterable<string>;
  spaceIds?: Iterable<string>;
  bookingIds?: Iterable<string>;
  /** A Venue Manager: their assignment to each venue is read too. */
  managerId?: string;
  /** An Event Coordinator: their assignment to each space is read too. */
  coordinatorId?: string;
}

/**
 * Venues, spaces and bookings by id, with the caller's assignments to them, in one BatchGetItem
 * per 100 keys, run together (pattern 37). Missing items are left out.
 */
export async function readPlaces(
  accountId: string,
  ids: PlaceKeys,
  options: { consistent?: boolean } = {},
): Promise<Places> {
  const e = db().entities;
  const account_id = accountId;
  const keys: Array<Record<string, unknown>> = [];
  for (const venue_id of new Set(ids.venueIds)) {
    keys.push(e.venue.get({ account_id, venue_id }).params().Key);
    if (ids.managerId)
      keys.push(e.venueManager.get({ account_id, venue_id, user_id: ids.managerId }).params().Key);
  }
  for (const space_id of new Set(ids.spaceIds)) {
    keys.push(e.space.get({ account_id, space_id }).params().Key);
    if (ids.coordinatorId)
      keys.push(e.spaceCoordinator.get({ account_id, space_id, user_id: ids.coordinatorId }).params().Key);
  }
  for (const booking_id of new Set(ids.bookingIds))
    keys.push(e.booking.get({ account_id, booking_id }).params().Key);
  const items = await batchGet(keys, options);
  const places: Places = {
    venues: new Map(),
    spaces: new Map(),
    managers: new Map(),
    coordinators: new Map(),
    bookings: new Map(),
  };
  for (const Item of items) {
    const answer = { Item };
    const venue = e.venue.parse(answer).data;
    if (venue) places.venues.set(venue.venue_id, venue);
    const space = e.space.parse(answer).data;
    if (space) places.spaces.set(space.space_id, space);
    const manager = e.venueManager.parse(answer).data;
    if (manager) places.managers.set(manager.venue_id, manager);
    const coordinator = e.spaceCoordinator.parse(answer).data;
    if (coordinator) places.coordinators.set(coordinator.space_id, coordinator);
    const booking = e.booking.parse(answer).data;
    if (booking) places.bookings.set(booking.booking_id, booking);
  }
  return places;
}

/** A space, strongly consistent: what a write that lost a race reads again. */
export async function readSpace(accountId: string, spaceId: string): Promise<SpaceItem | null> {
  const { data } = await db()
    .entities.space.get({ account_id: accountId, space_id: spaceId })
    .go({ consistent: true });
  return data;
}

/** The account's invitees: Query sk begins `INVITEE#` (pattern 43), by address. */
export async function listInviteeItems(accountId: string): Promise<InviteeItem[]> {
  const { data } = await db()
    .entities.invitee.query.byAccount({ account_id: accountId })
    .go({ pages: 'all' });
  return data;
}

/** The Query of every booking of an account with their changed occurrences: `bookingState`, sk begins `BOOKING#`. */
export function accountBookingsQuery(accountId: string) {
  return db().collections.bookingState({ account_id: accountId }).begins({ booking_id: '' });
}

/**
 * The newest bookings of an account that `keep` accepts, each with its changed occurrences:
 * the collection `bookingState` over every booking (sk begins `BOOKING#`) newest first (ids are
 * ULIDs), in pages, until `limit` are found. In that order a booking's changed occurrences
 * (`BOOKING#<id>#OCC#…`) come just before it, on its page or an earlier one.
 */
export async function newestBookings(
  accountId: string,
  limit: number,
  keep: (booking: BookingItem) => boolean,
): Promise<Array<{ booking: BookingItem; occurrences: BookingOccurrenceItem[] }>> {
  const found: Array<{ booking: BookingItem; occurrences: BookingOccurrenceItem[] }> = [];
  let pending: BookingOccurrenceItem[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<ReturnType<typeof accountBookingsQuery>['go']>> =
      await accountBookingsQuery(accountId).go({ order: 'desc', limit: 100, cursor });
    pending.push(...page.data.bookingOccurrence);
    for (const series of page.data.booking) {
      const own = pending.filter((item) => item.booking_id === series.booking_id);
      pending = pending.filter((item) => item.booking_id !== series.booking_id);
      if (keep(series)) found.push({ booking: series, occurrences: own });
      if (found.length >= limit) return found;
    }
    cursor = page.cursor;
  } while (cursor);
  return found;
}

/** What one booking write puts and deletes. */
export interface BookingWrite {
  /** Bookings written whole: new ones, or ones read at `sequence` (the item carries the next one). */
  put: Array<{ item: BookingItem; readSequence?: number }>;
  delete: Array<{ bookingId: string; readSequence: number }>;
  putOccurrences: BookingOccurrenceItem[];
  deleteOccurrences: Array<{ bookingId: string; recurrenceId: string }>;
  /**
   * Spaces that gain occupied time, at the version read, with the bookings written into them in
   * the last minute, this write's included (the space's `recent_bookings` after the write).
   */
  spaces: Array<{ spaceId: string; version: number; recent: Array<{ id: string; at: number }> }>;
  /** The caller's assignment that lets them act, which must still be Approved. */
  assignment?: { venueId: string; managerId: string } | { spaceId: string; coordinatorId: string };
  /** Addresses to add to the account's invitees (or to rename). */
  invitees: Invite[];
  /**
   * Spaces whose displays show a change (occupied before or after the write): their
   * `display_version` is bumped (in the `spaces` patch for those that gain time).
   */
  shown?: string[];
  /**
   * Bookings whose push to a linked calendar this write leaves pending (the outbox,
   * ./calendar-push-store.ts): the bookings it writes, when their space syncs with a calendar.
   */
  pushes?: string[];
}

/** The bookings a write touches, by id: what a synced space's calendar is told of. */
export function bookingsWritten(
  write: Pick<BookingWrite, 'put' | 'delete' | 'putOccurrences' | 'deleteOccurrences'>,
): string[] {
  return [
    ...new Set([
      ...write.put.map(({ item }) => item.booking_id),
      ...write.delete.map(({ bookingId }) => bookingId),
      ...write.putOccurrences.map((item) => item.booking_id),
      ...write.deleteOccurrences.map(({ bookingId }) => bookingId),
    ]),
  ];
}

/** The spaces a write bumps the `display_version` of without a condition (they gain no time). */
const onlyShown = (write: BookingWrite) => {
  const gaining = new Set(write.spaces.map(({ spaceId }) => spaceId));
  const spaces = new Set([
    ...(write.shown ?? []),
    ...write.put.map(({ item }) => item.space_id),
    ...write.putOccurrences.map((item) => item.space_id),
  ]);
  return [...spaces].filter((spaceId) => !gaining.has(spaceId));
};

/** A DynamoDB transaction holds at most 100 items; the activity entry takes one. */
const TRANSACTION_LIMIT = 100;

/** The 409 of a space whose bookings changed between the read and the write: read them again. */
export class SpaceChanged extends Conflict {
  constructor() {
    super('Another booking of this space was being saved at the same time. Please try again');
  }
}

const bookingChanged = () => new Conflict('This booking was changed meanwhile. Reload and try again');

function bookingSteps(e: Entities, accountId: string, write: BookingWrite): Step[] {
  const account_id = accountId;
  const steps: Step[] = [];
  for (const { item, readSequence } of write.put) {
    steps.push(
      readSequence === undefined
        ? [e.booking.create(item).commit(), changedMeanwhile]
        : [
            e.booking
              .put(item)
              .where(({ sequence }, { eq }) => eq(sequence, readSequence))
              .commit(),
            bookingChanged,
          ],
    );
  }
  for (const { bookingId, readSequence } of write.delete) {
    steps.push([
      e.booking
        .delete({ account_id, booking_id: bookingId })
        .where(({ sequence }, { eq }) => eq(sequence, readSequence))
        .commit(),
      bookingChanged,
    ]);
  }
  for (const item of write.putOccurrences)
    steps.push([e.bookingOccurrence.put(item).commit(), bookingChanged]);
  for (const { bookingId, recurrenceId } of write.deleteOccurrences) {
    steps.push([
      e.bookingOccurrence.delete({ account_id, booking_id: bookingId, recurrence_id: recurrenceId }).commit(),
      bookingChanged,
    ]);
  }
  return steps;
}

function guardSteps(e: Entities, accountId: string, write: BookingWrite): Step[] {
  const account_id = accountId;
  const steps: Step[] = write.spaces.map(({ spaceId, version: read, recent }) => [
    e.space
      .patch({ account_id, space_id: spaceId })
      .add({ version: 1, display_version: 1 })
      .set({ recent_bookings: recent })
      .where(({ version }, { eq }) => eq(version, read))
      .commit(),
    () => new SpaceChanged(),
  ]);
  for (const spaceId of onlyShown(write)) {
    steps.push([
      e.space.patch({ account_id, space_id: spaceId }).add({ display_version: 1 }).commit(),
      changedMeanwhile,
    ]);
  }
  const { assignment } = write;
  const approved = () => new Forbidden();
  if (assignment && 'managerId' in assignment) {
    steps.push([
      e.venueManager
        .check({ account_id, venue_id: assignment.venueId, user_id: assignment.managerId })
        .where(({ permission }, { eq }) => eq(permission, 'Approved'))
        .commit(),
      approved,
    ]);
  } else if (assignment) {
    steps.push([
      e.spaceCoordinator
        .check({ account_id, space_id: assignment.spaceId, user_id: assignment.coordinatorId })
        .where(({ permission }, { eq }) => eq(permission, 'Approved'))
        .commit(),
      approved,
    ]);
  }
  for (const invite of write.invitees) {
    steps.push([
      e.invitee
        .upsert({ account_id, email: invite.email, ...(invite.name ? { name: invite.name } : {}) })
        .commit(),
      changedMeanwhile,
    ]);
  }
  steps.push(...pushSteps(e, accountId, write.pushes ?? []));
  return steps;
}

/** How many items a write comes to in its transaction, the activity entry included. */
function transactionSize(write: BookingWrite): number {
  const assignment = write.assignment ? 1 : 0;
  return (
    write.put.length +
    write.delete.length +
    write.putOccurrences.length +
    write.deleteOccurrences.length +
    write.spaces.length +
    onlyShown(write).length +
    assignment +
    write.invitees.length +
    new Set(write.pushes ?? []).size +
    1
  );
}

/**
 * Commits a booking write with its activity entry, all or nothing. A space changed since it was
 * read throws {@link SpaceChanged}; a booking changed since it was read, 409; an assignment no
 * longer Approved, 403.
 */
export async function writeBookings(
  accountId: string,
  write: BookingWrite,
  activity: ActivityInput,
): Promise<void> {
  if (transactionSize(write) > TRANSACTION_LIMIT) {
    throw new Invalid({
      applicable: 'This change touches too many occurrences changed on their own to save at once',
    });
  }
  await runSteps((e) => [...bookingSteps(e, accountId, write), ...guardSteps(e, accountId, write)], activity);
}
