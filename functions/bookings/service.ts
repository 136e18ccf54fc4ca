import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import { ulid as ulidSchema } from '@shared/schemas/common';
import { RecurrenceError } from '@shared/recurrence';
import type { Booking, DeleteBookingQuery } from '@shared/schemas/bookings';
import type { ApplicableScope, EventInput } from '@shared/schemas/event';
import { messages } from '@shared/schemas/messages';
import {
  OccurrenceNotFoundError,
  planDelete,
  planEdit,
  type EditPlan,
  type Series,
  type SeriesEvent,
  type SeriesOccurrence,
  type SeriesState,
} from '@shared/series-edit';
import {
  SpaceChanged,
  readPlaces,
  readSpace,
  writeBookings,
  bookingsWritten,
  type BookingWrite,
  type Places,
} from './store';
import { getBookingState } from './lookup-store';
import type { BookingItem, SpaceItem, VenueItem } from '@core/table/entities';
import { Conflict, Forbidden, Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import {
  applyPlan,
  assertFree,
  assertWithinHours,
  baseOf,
  bookingItem,
  newlyOccupied,
  occupancy,
  stateOf,
  written,
  type ItemBase,
  type Written,
} from './plans';
import {
  accessFromPlaces,
  actsAt,
  actsOnEvery,
  coveredBy,
  assignmentsOf,
  lookupOf,
  sees,
  toBooking,
  toOccurrence,
  type Access,
  type Place,
} from './views';
import type { BookingState } from './change';
import { sendInvitations } from './invitations';
import { fullName } from '@core/people/names';
import { MetricName } from '@core/observability/catalogue';
import { countMetric } from '@core/observability/metrics';

/**
 * Booking, changing and deleting (docs/product/client-area.md §2 "Event form", §3 Booking, §5 "Event"; §7
 * "Bookings"; docs/architecture.md §6). A booking is one item with its rule; an occurrence changed on its own is
 * an item under it. Times are wall-clock in the venue's zone. A write checks that the time it
 * newly occupies is within the space's hours and free (409 naming the first clash), then commits
 * in one transaction that bumps the space's `version` on condition that it is the one read: of
 * concurrent writers one wins, the others read again and clash or try again. Invitations go out
 * after the commit (./invitations.ts).
 */

/** How often a write that lost a race for its space reads again and retries. */
const WRITE_ATTEMPTS = 10;
/**
 * How long a space remembers the bookings written into it, read by key when the next write checks
 * for clashes: far longer than a global secondary index takes to show a write.
 */
const RECENT_MS = 60_000;

/** The assignment a write must find still Approved when it commits. */
function assignmentCheck(principal: ClientPrincipal, place: { venue_id: string; space_id: string }) {
  if (principal.role === 'Venue Manager') return { venueId: place.venue_id, managerId: principal.userId };
  if (principal.role === 'Event Coordinator')
    return { spaceId: place.space_id, coordinatorId: principal.userId };
  return undefined;
}

const isUlid = (id: string) => ulidSchema.safeParse(id).success;

/** Reads a planner or the engine; their errors become the answers of a request. */
function planned<T>(plan: () => T): T {
  try {
    return plan();
  } catch (error) {
    if (error instanceof RecurrenceError) throw new Invalid({ [error.field]: error.message });
    if (error instanceof OccurrenceNotFoundError) throw new NotFound('Occurrence');
    throw error;
  }
}

/**
 * The venue and space a booking is made in: the account's, seen by the caller (422 under the
 * field otherwise), the space of that venue, acted on by the caller (403 for a Denied assignment).
 */
function placeToBook(
  access: Access,
  places: Places,
  venueId: string,
  spaceId: string,
): { venue: VenueItem; space: SpaceItem } {
  const venue = places.venues.get(venueId);
  const seesVenue = access.all || access.venues.has(venueId) || access.role === 'Event Coordinator';
  if (!venue || !seesVenue) throw new Invalid({ venue: 'This venue does not exist' });
  const space = places.spaces.get(spaceId);
  if (!space || !sees(access, space)) throw new Invalid({ space: 'This space does not exist' });
  if (space.venue_id !== venue.venue_id) throw new Invalid({ space: 'Choose a space of this venue' });
  if (!actsAt(access, space)) throw new Forbidden();
  return { venue, space };
}

/** New occupied time needs an active venue and space. */
function assertOpen(venue: VenueItem, space: SpaceItem): void {
  if (venue.status !== 'Active') throw new Invalid({ venue: 'This venue is inactive' });
  if (space.status !== 'Active') throw new Invalid({ space: 'This space is inactive' });
}

/** The event form as the planners read it, in the venue's zone. */
function eventOf(input: EventInput, timezone: string): SeriesEvent {
  const { applicable: _scope, occurrence_start: _start, ...event } = input;
  return { ...event, timezone };
}

/**
 * Checks the time a change newly occupies at a space (open, within hours, free) and commits the
 * write with the space's version read; when another write to the space won the race, reads the
 * space again and repeats, a few times.
 */
async function commitAtSpace(
  principal: ClientPrincipal,
  place: { venue: VenueItem; space: SpaceItem },
  candidates: readonly SeriesOccurrence[],
  own: { ids: ReadonlySet<string>; after: readonly SeriesOccurrence[] },
  write: Omit<BookingWrite, 'spaces'>,
  activity: string,
  componentId: string,
): Promise<void> {
  const { accountId } = principal;
  let space = place.space;
  for (let attempt = 1; ; attempt += 1) {
    const now = Date.now();
    const recent = (space.recent_bookings ?? []).filter((entry) => entry.at > now - RECENT_MS);
    if (candidates.length) {
      assertOpen(place.venue, space);
      assertWithinHours(space, candidates);
      await assertFree(
        accountId,
        space.space_id,
        candidates,
        own,
        recent.map((entry) => entry.id),
      );
    }
    const bookedIds = new Set([
      ...write.put.map(({ item }) => item.booking_id),
      ...write.putOccurrences.map((item) => item.booking_id),
    ]);
    const spaces = candidates.length
      ? [
          {
            spaceId: space.space_id,
            version: space.version,
            recent: [
              ...recent.filter((entry) => !bookedIds.has(entry.id)),
              ...[...bookedIds].map((id) => ({ id, at: now })),
            ],
          },
        ]
      : [];
    try {
      await writeBookings(
        accountId,
        { ...write, spaces },
        { principal, component: 'Booking', componentId, activity },
      );
      return;
    } catch (error) {
      if (!(error instanceof SpaceChanged) || attempt >= WRITE_ATTEMPTS) throw error;
    }
    await sleep(5 + Math.random() * 20 * attempt);
    const again = await readSpace(accountId, space.space_id);
    if (!again) throw new Invalid({ space: 'This space does not exist' });
    space = again;
  }
}

/** A change of an event read from a linked calendar: it is changed in that calendar. */
const externalEvent = (source: 'google' | 'microsoft') =>
  new Conflict(
    `This event comes from the linked ${source === 'google' ? 'Google' : 'Microsoft'} calendar. Change it there`,
  );

/** Whether a space syncs with a linked calendar: its bookings' writes then leave a push pending. */
const syncs = (space: SpaceItem | undefined) => !!space?.calendar_account_id;

/** The bookings a write touches, when one of the spaces it concerns syncs (before or after a move). */
const pushesOf = (write: Parameters<typeof bookingsWritten>[0], ...spaces: Array<SpaceItem | undefined>) =>
  spaces.some(syncs) ? bookingsWritten(write) : [];

const organizerOf = (booking: BookingItem) => ({
  id: booking.organizer_id,
  name: booking.organizer_name,
  email: booking.organizer_email,
});

/** POST /client/booking: a booking, once or as a series, when every occurrence is free and within hours. */
export async function createBooking(principal: ClientPrincipal, input: EventInput): Promise<Booking> {
  const { accountId } = principal;
  const places = await readPlaces(
    accountId,
    {
      venueIds: [input.venue].filter(isUlid),
      spaceIds: [input.space].filter(isUlid),
      ...assignmentsOf(principal),
    },
    { consistent: true },
  );
  const access = accessFromPlaces(principal, places);
  const place = placeToBook(access, places, input.venue, input.space);
  assertOpen(place.venue, place.space);
  const series: Series = { ...eventOf(input, place.venue.timezone), id: ulid(), exdates: [] };
  const occurrences = planned(() => occupancy([series], []));
  const base: ItemBase = {
    accountId,
    organizer: {
      organizer_id: principal.userId,
      organizer_name: fullName({ first_name: principal.firstName, last_name: principal.lastName }),
      organizer_email: principal.email,
    },
    now: new Date().toISOString(),
  };
  const booking = bookingItem(series, occurrences, base);
  await commitAtSpace(
    principal,
    place,
    occurrences,
    { ids: new Set([series.id]), after: occurrences },
    {
      put: [{ item: booking }],
      delete: [],
      putOccurrences: [],
      deleteOccurrences: [],
      assignment: assignmentCheck(principal, place.space),
      invitees: input.invites_list,
      pushes: syncs(place.space) ? [series.id] : [],
    },
    `Created booking ${booking.title} in ${place.space.title}`,
    booking.booking_id,
  );
  // The calendar's form and Book now at a room screen both make their bookings here.
  countMetric(MetricName.BookingsMade);
  await sendInvitations({
    kind: 'created',
    accountId,
    after: { booking, occurrences: [] },
    ...place,
    organizer: organizerOf(booking),
  });
  return toBooking(booking, null, await lookupOf(places), access);
}

/**
 * A booking of the caller's account that they see at one of its places, its own or one of its
 * occurrences changed on its own (404 otherwise), with those places and the caller's access there.
 * What the caller may change of it is decided by the occurrences a change covers
 * ({@link assertActsOnCovered}).
 */
async function bookingToChange(
  principal: ClientPrincipal,
  bookingId: string,
  also: { venueId?: string; spaceId?: string } = {},
) {
  const { accountId } = principal;
  const ids = (state?: { booking: BookingItem | null; occurrences: readonly Place[] }) => {
    const at = [...(state?.booking ? [state.booking] : []), ...(state?.occurrences ?? [])];
    return {
      venueIds: [...at.map((place) => place.venue_id), also.venueId].filter(
        (id): id is string => !!id && isUlid(id),
      ),
      spaceIds: [...at.map((place) => place.space_id), also.spaceId].filter(
        (id): id is string => !!id && isUlid(id),
      ),
      ...assignmentsOf(principal),
    };
  };
  // The booking's places are usually the ones the change names: read them together.
  const [state, guessed] = await Promise.all([
    getBookingState(accountId, bookingId),
    also.venueId || also.spaceId ? readPlaces(accountId, ids(), { consistent: true }) : null,
  ]);
  const { booking, occurrences } = state;
  if (!booking) throw new NotFound('Booking');
  const places =
    guessed &&
    [booking, ...occurrences].every(
      (place) => guessed.spaces.has(place.space_id) && guessed.venues.has(place.venue_id),
    )
      ? guessed
      : await readPlaces(accountId, ids(state), { consistent: true });
  const access = accessFromPlaces(principal, places);
  if (![booking, ...occurrences].some((place) => sees(access, place))) throw new NotFound('Booking');
  if (booking.source) throw externalEvent(booking.source);
  return { booking, occurrences, places, access };
}

/**
 * A change or delete touches only occurrences at places where the caller acts (the rule the
 * answers' `editPermission` and `deletePermission` carry, ./views.ts `permissionsAt`): one
 * that covers an occurrence elsewhere is refused whole (403), and nothing is written.
 */
function assertActsOnCovered(
  access: Access,
  covered: readonly SeriesOccurrence[],
  verb: 'change' | 'delete',
): void {
  // An unknown occurrence covers nothing: the planner answers that it is not found.
  if (!covered.length || actsOnEvery(access, covered)) return;
  throw new Forbidden(
    covered.length === 1
      ? `You may not ${verb} this occurrence: its space is not yours to book`
      : `You may not ${verb} these occurrences: some of them are in spaces that are not yours to book`,
  );
}

const placeOf = (occurrence: SeriesOccurrence): Place => ({
  venue_id: occurrence.venue,
  space_id: occurrence.space,
});

/**
 * The occurrence a change starts from: the one named, or, for the whole booking, its first (which
 * must still be the rule's first start, the `start_date` the booking answers, unless one is named).
 */
function targetOf(
  state: SeriesState,
  before: readonly SeriesOccurrence[],
  scope: ApplicableScope,
  occurrenceStart: string | undefined,
): string {
  const first = before.map((occurrence) => occurrence.recurrence_id).sort()[0];
  if (state.series.recurring === 'No') return first ?? state.series.start_date;
  if (occurrenceStart) return occurrenceStart;
  if (scope !== 'ALL' || first !== state.series.start_date)
    throw new Invalid({ occurrence_start: messages.required });
  return first;
}

/**
 * Invitations of a change: the booking as it was and as it is; a FOLLOWING change that starts a
 * new series also invites to it.
 */
async function announce(
  kind: 'changed' | 'cancelled',
  previous: BookingState,
  after: Written,
  where: { venue: VenueItem; space: SpaceItem; places: Places },
  scope: ApplicableScope,
  occurrenceStart: string,
): Promise<void> {
  const own = (bookingId: string) => after.occurrences.filter((item) => item.booking_id === bookingId);
  const { booking } = previous;
  const kept = after.bookings.find((item) => item.booking_id === booking.booking_id);
  const base = { accountId: booking.account_id, ...where, organizer: organizerOf(booking) };
  await sendInvitations({
    ...base,
    kind,
    before: previous,
    ...(kept ? { after: { booking: kept, occurrences: own(kept.booking_id) } } : {}),
    scope: booking.recurring === 'Yes' ? scope : 'ALL',
    occurrenceStart,
  });
  for (const started of after.bookings) {
    if (started.booking_id === booking.booking_id) continue;
    await sendInvitations({
      ...base,
      kind: 'created',
      after: { booking: started, occurrences: own(started.booking_id) },
    });
  }
}

/** PUT /client/booking/{id}: THIS, FOLLOWING or ALL, as shared/series-edit.ts `planEdit` defines them. */
export async function updateBooking(
  principal: ClientPrincipal,
  bookingId: string,
  input: EventInput,
): Promise<Booking> {
  const found = await bookingToChange(principal, bookingId, { venueId: input.venue, spaceId: input.space });
  const { booking, places } = found;
  const place = placeToBook(found.access, places, input.venue, input.space);
  const state = stateOf(booking, found.occurrences);
  const scope = input.applicable ?? 'ALL';
  const before = planned(() => occupancy([state.series], state.detached));
  const target = targetOf(state, before, scope, input.occurrence_start);
  // A move needs rights at both places: where the occurrences are (here) and where they go (placeToBook).
  assertActsOnCovered(found.access, coveredBy(before, booking, scope, target), 'change');
  const event = eventOf(input, place.venue.timezone);
  const plan: EditPlan = planned(() => planEdit(state, { target, scope, event, newSeriesId: ulid() }));
  const outcome = applyPlan(state, plan);
  const after = planned(() => occupancy(outcome.series, outcome.detached));
  const candidates = newlyOccupied(before, after);
  const base = baseOf(booking);
  const result = written(outcome, after, base, booking, before);
  const invited = new Map(booking.invites_list.map((invite) => [invite.email, invite.name]));
  await commitAtSpace(
    principal,
    place,
    candidates,
    { ids: new Set(outcome.series.map((series) => series.id).concat(booking.booking_id)), after },
    {
      ...result.write,
      pushes: pushesOf(result.write, place.space, places.spaces.get(booking.space_id)),
      assignment: assignmentCheck(principal, place.space),
      // New addresses, and ones given another name, for the account's invitee list.
      invitees: input.invites_list.filter(
        (invite) => !invited.has(invite.email) || (invite.name && invited.get(invite.email) !== invite.name),
      ),
    },
    `Updated booking ${event.title}${booking.recurring === 'Yes' ? ` (${scope}, ${target})` : ''}`,
    booking.booking_id,
  );
  await announce(
    'changed',
    { booking, occurrences: found.occurrences },
    result,
    { ...place, places },
    scope,
    target,
  );
  const edited = after.find(
    (occurrence) => occurrence.start_date === event.start_date && occurrence.space === place.space.space_id,
  );
  const holder = result.bookings.find((item) => item.booking_id === edited?.series_id) ?? result.bookings[0]!;
  const lookup = await lookupOf(places);
  return toBooking(
    holder,
    edited ? toOccurrence(holder, edited, lookup, found.access) : null,
    lookup,
    found.access,
  );
}

/** DELETE /client/booking/{id}: THIS, FOLLOWING or ALL, as shared/series-edit.ts `planDelete` defines them. */
export async function deleteBooking(
  principal: ClientPrincipal,
  bookingId: string,
  query: DeleteBookingQuery,
): Promise<void> {
  const { accountId } = principal;
  const { booking, occurrences, places, access } = await bookingToChange(principal, bookingId);
  const state = stateOf(booking, occurrences);
  const before = planned(() => occupancy([state.series], state.detached));
  const target = targetOf(state, before, query.applicable, query.occurrence_start);
  const covered = coveredBy(before, booking, query.applicable, target);
  assertActsOnCovered(access, covered, 'delete');
  const plan = planned(() => planDelete(state, { target, scope: query.applicable }));
  const outcome = applyPlan(state, plan);
  const after = planned(() => occupancy(outcome.series, outcome.detached));
  const result = written(outcome, after, baseOf(booking), booking, before);
  await writeBookings(
    accountId,
    {
      ...result.write,
      spaces: [],
      // The caller's assignment where the occurrence deleted is.
      assignment: assignmentCheck(
        principal,
        placeOf(covered.find((o) => o.recurrence_id === target) ?? covered[0]!),
      ),
      invitees: [],
      pushes: pushesOf(result.write, places.spaces.get(booking.space_id)),
    },
    {
      principal,
      component: 'Booking',
      componentId: booking.booking_id,
      activity: `Deleted booking ${booking.title}${booking.recurring === 'Yes' ? ` (${query.applicable}, ${target})` : ''}`,
    },
  );
  const venue = places.venues.get(booking.venue_id);
  const space = places.spaces.get(booking.space_id);
  if (venue && space)
    await announce(
      'cancelled',
      { booking, occurrences },
      result,
      { venue, space, places },
      query.applicable,
      target,
    );
}
