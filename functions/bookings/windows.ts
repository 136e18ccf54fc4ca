import type { Booking, BookingFilter, BookingOccurrence } from '@shared/schemas/bookings';
import { seriesOccurrences, type SeriesOccurrence } from '@shared/series-edit';
import {
  addLocalMonths,
  DAY_MS,
  formatLocalDate,
  instantToLocalDate,
  instantToWallTime,
  parseLocalDate,
} from '@shared/wall-time';
import { listInviteeItems, newestBookings, readPlaces } from './store';
import { bookingsTouching, getBookingState, type BookingScope } from './lookup-store';
import { accountOccurrenceStates } from './occurrence-state-store';
import type { BookingItem, BookingOccurrenceItem } from '@core/table/entities';
import { Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import {
  accessFromPlaces,
  accessFromScope,
  assignmentsOf,
  byStart,
  changedOf,
  lookupOf,
  occurrencesIn,
  scopesAt,
  seriesOf,
  sees,
  toBooking,
  toOccurrence,
  type Access,
  type DatesFrom,
} from './views';
import { scopeOf, seesVenue } from '../venues';

/**
 * The booking lists (docs/product/client-area.md §2 "Booking calendar", "Dashboard data"; §7 "Bookings"): the
 * occurrences of a window, the newest bookings, the next occurrences, one booking, the invitees.
 * A window is one Query of an index by end (a venue's, a space's or the account's, patterns
 * 39–41), expanded in memory; venues and spaces are read by key in one BatchGetItem, never per
 * occurrence. A caller sees the bookings of the venues and spaces they see (Viewers: all).
 */

/** Days around the current month that a list without dates covers. */
export const DEFAULT_MARGIN_DAYS = 7;
/** The longest window one request may ask for, both ends counted. */
export const MAX_WINDOW_DAYS = 366;
/** How many bookings the dashboard's lists show. */
export const DASHBOARD_SIZE = 5;

type Dates = Required<DatesFrom>;

const dateOf = (floating: number) => formatLocalDate(floating);
const day = (text: string) => parseLocalDate(text)!;

/**
 * The local dates a list covers in a zone: both dates as given; from a date alone, a month
 * (to the day before the same date of the next month); to a date alone, the month before it;
 * without dates, the current month in that zone with {@link DEFAULT_MARGIN_DAYS} on each side.
 */
export function windowIn(filter: Pick<BookingFilter, 'from' | 'to'>, zone: string, now: number): Dates {
  const from = filter.from === '-' ? undefined : filter.from;
  const to = filter.to === '-' ? undefined : filter.to;
  if (from && to) return { from, to };
  if (from) return { from, to: dateOf(addLocalMonths(day(from), 1) - DAY_MS) };
  if (to) return { from: dateOf(addLocalMonths(day(to), -1) + DAY_MS), to };
  const today = new Date(instantToWallTime(now, zone));
  const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const last = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0);
  return {
    from: dateOf(first - DEFAULT_MARGIN_DAYS * DAY_MS),
    to: dateOf(last + DEFAULT_MARGIN_DAYS * DAY_MS),
  };
}

function assertWindow({ from, to }: Dates): void {
  if (to < from) throw new Invalid({ to: 'The end date must not be before the start date' });
  if ((day(to) - day(from)) / DAY_MS + 1 > MAX_WINDOW_DAYS)
    throw new Invalid({ to: `The range may span at most ${MAX_WINDOW_DAYS} days` });
}

const orAny = (value: string | undefined) => (value === undefined || value === '-' ? undefined : value);
const iso = (instant: number) => new Date(instant).toISOString();

/** The occurrences of each booking, regular and changed, that overlap its window. */
function expand(
  bookings: Iterable<BookingItem>,
  changed: readonly BookingOccurrenceItem[],
  windowOf: (booking: BookingItem) => DatesFrom,
): Array<{ booking: BookingItem; occurrence: SeriesOccurrence }> {
  const changedOf = new Map<string, BookingOccurrenceItem[]>();
  for (const item of changed)
    changedOf.set(item.booking_id, [...(changedOf.get(item.booking_id) ?? []), item]);
  return [...bookings].flatMap((booking) =>
    occurrencesIn(booking, changedOf.get(booking.booking_id) ?? [], windowOf(booking)).map((occurrence) => ({
      booking,
      occurrence,
    })),
  );
}

/** Occurrences as the lists answer them, earliest first, with the places read in one BatchGetItem. */
async function answer(
  principal: ClientPrincipal,
  access: Access,
  found: Array<{ booking: BookingItem; occurrence: SeriesOccurrence }>,
): Promise<BookingOccurrence[]> {
  const places = await readPlaces(principal.accountId, {
    venueIds: found.flatMap(({ booking, occurrence }) => [booking.venue_id, occurrence.venue]),
    spaceIds: found.flatMap(({ booking, occurrence }) => [booking.space_id, occurrence.space]),
  });
  const lookup = await lookupOf(places);
  return found
    .map(({ booking, occurrence }) => toOccurrence(booking, occurrence, lookup, access))
    .sort(byStart);
}

/**
 * GET /client/bookings[/{venue}[/{space}[/{from}[/{to}]]]]: the occurrences in the window, of a
 * venue, a space or any (`-`), that the caller sees. Dates are read in each booking's zone (its
 * venue's). An unknown or unseen venue or space is not found.
 */
export async function listBookings(
  principal: ClientPrincipal,
  filter: BookingFilter,
  now = Date.now(),
): Promise<BookingOccurrence[]> {
  const { accountId } = principal;
  const venueId = orAny(filter.venue);
  const spaceId = orAny(filter.space);
  const utc = windowIn(filter, 'UTC', now);
  assertWindow(utc);
  // Zones differ from UTC by less than a day: two days of slack find every booking of any zone.
  const scopeKey: BookingScope = spaceId
    ? { accountId, spaceId }
    : venueId
      ? { accountId, venueId }
      : { accountId };
  const window = { from: iso(day(utc.from) - 2 * DAY_MS), to: iso(day(utc.to) + 3 * DAY_MS) };
  const [found, scope, states] = await Promise.all([
    bookingsTouching(scopeKey, window),
    scopeOf(principal),
    accountOccurrenceStates(accountId, window.from, window.to),
  ]);
  const checkIns = new Map(
    states.map((state) => [
      `${state.booking_id}#${Date.parse(state.start_utc)}`,
      state.released_at ? ('Released' as const) : ('Checked in' as const),
    ]),
  );
  const seriesIds = new Set(found.bookings.map((booking) => booking.booking_id));
  const places = await readPlaces(accountId, {
    venueIds: [...found.bookings, ...found.occurrences].map((item) => item.venue_id).concat(venueId ?? []),
    spaceIds: [...found.bookings, ...found.occurrences].map((item) => item.space_id).concat(spaceId ?? []),
    // A changed occurrence moved here from another space or venue: its booking is read by key.
    bookingIds: found.occurrences.map((item) => item.booking_id).filter((id) => !seriesIds.has(id)),
  });
  const access = accessFromScope(principal, scope);
  if (venueId && (!places.venues.has(venueId) || !(access.all || seesVenue(scope, venueId))))
    throw new NotFound('Venue');
  const space = spaceId ? places.spaces.get(spaceId) : undefined;
  if (spaceId && (!space || !sees(access, space) || (venueId && space.venue_id !== venueId)))
    throw new NotFound('Space');
  const occurrences = expand([...found.bookings, ...places.bookings.values()], found.occurrences, (booking) =>
    windowIn(filter, booking.timezone, now),
  ).filter(
    ({ occurrence }) =>
      (!venueId || occurrence.venue === venueId) &&
      (!spaceId || occurrence.space === spaceId) &&
      sees(access, { venue_id: occurrence.venue, space_id: occurrence.space }),
  );
  const lookup = await lookupOf(places);
  return occurrences
    .map(({ booking, occurrence }) =>
      toOccurrence(
        booking,
        occurrence,
        lookup,
        access,
        checkIns.get(`${booking.booking_id}#${Date.parse(occurrence.start_utc)}`) ?? null,
      ),
    )
    .sort(byStart);
}

/** A booking's first occurrence, regular or changed on its own. */
function firstOccurrence(booking: BookingItem, changed: readonly BookingOccurrenceItem[]) {
  const [regular] = seriesOccurrences(seriesOf(booking));
  return [...(regular ? [regular] : []), ...changed.map(changedOf)].sort(
    (a, b) => Date.parse(a.start_utc) - Date.parse(b.start_utc),
  )[0];
}

/** GET /client/recentbookings: the five newest bookings the caller sees, each at its first occurrence. */
export async function recentBookings(principal: ClientPrincipal): Promise<BookingOccurrence[]> {
  const access = accessFromScope(principal, await scopeOf(principal));
  const newest = await newestBookings(principal.accountId, DASHBOARD_SIZE, (booking) =>
    sees(access, booking),
  );
  const found = newest.flatMap(({ booking, occurrences }) => {
    const occurrence = firstOccurrence(booking, occurrences);
    return occurrence ? [{ booking, occurrence }] : [];
  });
  const answers = await answer(principal, access, found);
  const order = new Map(newest.map(({ booking }, index) => [booking.booking_id, index]));
  return answers.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Horizons the next occurrences are looked for in, in days; the last is open. */
const UPCOMING_HORIZONS = [7, 92, 731, undefined];

/**
 * GET /client/upcomingbookings: the next five occurrences that have not ended, ongoing ones
 * included, in the caller's scope. The account's index by end (gsi3) is read from now, filtered
 * to bookings starting within a horizon: when five occurrences start within it, no later start
 * can come before them; otherwise the horizon grows.
 */
export async function upcomingBookings(
  principal: ClientPrincipal,
  now = Date.now(),
): Promise<BookingOccurrence[]> {
  const { accountId } = principal;
  const scope = scopeOf(principal);
  let next: Array<{ booking: BookingItem; occurrence: SeriesOccurrence }> = [];
  let access: Access | undefined;
  for (const days of UPCOMING_HORIZONS) {
    const until = days === undefined ? undefined : now + days * DAY_MS;
    const [found, read] = await Promise.all([
      bookingsTouching({ accountId }, { from: iso(now), to: until === undefined ? undefined : iso(until) }),
      scope,
    ]);
    access ??= accessFromScope(principal, read);
    const seen = access;
    next = expand(found.bookings, found.occurrences, (booking) => ({
      from: instantToLocalDate(now, booking.timezone),
      ...(until === undefined ? {} : { to: instantToLocalDate(until, booking.timezone) }),
    }))
      .filter(
        ({ occurrence }) =>
          Date.parse(occurrence.end_utc) > now &&
          (until === undefined || Date.parse(occurrence.start_utc) < until) &&
          sees(seen, { venue_id: occurrence.venue, space_id: occurrence.space }),
      )
      .sort((a, b) => Date.parse(a.occurrence.start_utc) - Date.parse(b.occurrence.start_utc))
      .slice(0, DASHBOARD_SIZE);
    if (next.length >= DASHBOARD_SIZE) break;
  }
  return access ? answer(principal, access, next) : [];
}

/** GET /client/booking/{id}: a booking the caller sees, and the occurrence `occurrenceStart` names. */
export async function getBooking(
  principal: ClientPrincipal,
  bookingId: string,
  occurrenceStart?: string,
): Promise<Booking> {
  const { accountId } = principal;
  const { booking, occurrences } = await getBookingState(accountId, bookingId);
  if (!booking) throw new NotFound('Booking');
  const changed = occurrences.find((item) => item.recurrence_id === occurrenceStart);
  // Every place of the booking, with the caller's assignments there: what they may change of it.
  const places = await readPlaces(accountId, {
    venueIds: [booking, ...occurrences].map((item) => item.venue_id),
    spaceIds: [booking, ...occurrences].map((item) => item.space_id),
    ...assignmentsOf(principal),
  });
  const access = accessFromPlaces(principal, places);
  // An occurrence is seen where it is, as in the lists: one moved elsewhere by those who see there.
  if (!sees(access, changed ?? booking)) throw new NotFound('Booking');
  const lookup = await lookupOf(places);
  if (occurrenceStart === undefined) return toBooking(booking, null, lookup, access);
  const occurrence = changed
    ? changedOf(changed)
    : seriesOccurrences(seriesOf(booking), {
        from: occurrenceStart.slice(0, 10),
        to: occurrenceStart.slice(0, 10),
      }).find((item) => item.recurrence_id === occurrenceStart);
  if (!occurrence) throw new NotFound('Occurrence');
  const every = [...seriesOccurrences(seriesOf(booking)), ...occurrences.map(changedOf)];
  return toBooking(
    booking,
    {
      ...toOccurrence(booking, occurrence, lookup, access),
      scopes: scopesAt(access, booking, every, occurrenceStart),
    },
    lookup,
    access,
  );
}

/** GET /client/allUniqueInvites: the account's invitees by address (pattern 43). */
export async function listInvitees(
  principal: ClientPrincipal,
): Promise<Array<{ name: string | null; email: string }>> {
  const items = await listInviteeItems(principal.accountId);
  return items.map((item) => ({ name: item.name ?? null, email: item.email }));
}
