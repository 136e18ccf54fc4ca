import useSWR, { type ScopedMutator } from 'swr';
import { bookingsRoutes } from '@shared/api/bookings-routes';
import { spacesRoutes } from '@shared/api/spaces-routes';
import { venuesRoutes } from '@shared/api/venues-routes';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import type { ApplicableScope, EventInput } from '@shared/schemas/event';
import { callRoute, fetcherOf, pathOf, useRoute } from '../../api/call';
import { keys } from '../../api/hooks';
import { venuePaths } from '../venues/api';

/**
 * Bookings and their lookups (docs/product/client-area.md §7 "Bookings", "Account, lookups, users"): one swr hook
 * per resource keyed by its API path, as web/src/api/hooks.ts, and one fetcher per key. Errors
 * are toasted by the fetch client, except the upcoming list's (`useUpcomingBookings`).
 */

/** A window of the booking lists: a venue, a space or any (`null`), and two dates in the venue's zone. */
export interface BookingWindow {
  venue: string;
  space: string | null;
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

export const bookingPaths = {
  /** The venues whose bookings the caller sees, each with the spaces they see: the calendar's choice. */
  calendarVenues: pathOf(venuesRoutes['list-calendar-venues']),
  /** The venues the caller may book in, each with the spaces they may book. */
  myVenues: pathOf(venuesRoutes['list-my-venues']),
  /** The spaces of one venue the caller may book. */
  mySpaces: (venueId: string) => pathOf(spacesRoutes['list-my-venue-spaces'], { params: { venueId } }),
  /** The addresses the account's bookings invited. */
  invitees: pathOf(bookingsRoutes['list-invitees']),
  /** Every booking list path starts so (the revalidation after a write finds them by it). */
  listPrefix: pathOf(bookingsRoutes['list-venue-bookings'], { params: { venue: '' } }),
  /** Every booking's path starts so. */
  bookingPrefix: pathOf(bookingsRoutes['get-booking'], { params: { id: '' } }),
  window: ({ venue, space, from, to }: BookingWindow) =>
    pathOf(bookingsRoutes['list-bookings-window'], { params: { venue, space: space ?? '-', from, to } }),
  upcoming: pathOf(bookingsRoutes['list-upcoming-bookings']),
  /** One booking; with `occurrenceStart`, one of its occurrences too. */
  booking: (id: string, occurrenceStart?: string | null) =>
    pathOf(bookingsRoutes['get-booking'], {
      params: { id },
      query: occurrenceStart ? { occurrence_start: occurrenceStart } : {},
    }),
} as const;

const fetchResult = fetcherOf(bookingsRoutes['get-booking']);
/** As `fetchResult`, but a failure is not toasted: what asked for it says so its own way, or not at all. */
const fetchQuietly = fetcherOf(bookingsRoutes['get-booking'], { toastErrors: false });

/** The venues whose bookings the caller sees (all for an Account Admin or a Viewer), for the calendar. */
export function useCalendarVenues() {
  return useRoute(venuesRoutes['list-calendar-venues'], {});
}
/** The venues the caller may book in (active ones; a Venue Manager's approved, a coordinator's spaces' venues). */
export function useMyVenues() {
  return useRoute(venuesRoutes['list-my-venues'], {});
}
/** The spaces of a venue the caller may book, with their hours (null: nothing is fetched). */
export function useMySpaces(venueId: string | null) {
  return useRoute(spacesRoutes['list-my-venue-spaces'], venueId ? { params: { venueId } } : null);
}
/** The account's invitees, for the invitee picker; fetched only when `enabled`. */
export function useInvitees(enabled = true) {
  return useRoute(bookingsRoutes['list-invitees'], enabled ? {} : null);
}
/**
 * How often the calendar on screen is read again: others book too, and events made in a space's
 * linked Google or Outlook calendar arrive by themselves (the pull job), so an open calendar keeps
 * up without a reload.
 */
export const BOOKINGS_REFRESH_MS = 30_000;

/** The occurrences of a window (null: nothing is fetched). The previous window's stay on screen while the next loads. */
export function useBookings(window: BookingWindow | null) {
  return useSWR(
    window ? bookingPaths.window(window) : null,
    fetcherOf(bookingsRoutes['list-bookings-window']),
    {
      keepPreviousData: true,
      refreshInterval: BOOKINGS_REFRESH_MS,
    },
  );
}
/** One booking with its rule, and the occurrence `occurrenceStart` names (null id: nothing is fetched). */
export function useBooking(id: string | null, occurrenceStart?: string | null) {
  return useSWR(id ? bookingPaths.booking(id, occurrenceStart) : null, fetchResult);
}
/**
 * The scopes (THIS, FOLLOWING, ALL) the caller may change or delete an occurrence of a series
 * with: the API decides them from every occurrence of the booking, wherever each now is
 * (GET /client/booking/{id}). Undefined while that answer is on its way; THIS alone (the
 * occurrence's own `editPermission` and `deletePermission`) when it does not come.
 */
export function useScopes(
  occurrence: Pick<BookingOccurrence, 'id' | 'occurrence_start' | 'recurring' | 'scopes'> | null | undefined,
): readonly ApplicableScope[] | undefined {
  const ask = occurrence?.recurring === 'Yes' && !occurrence.scopes;
  const { data, error } = useSWR(
    ask ? bookingPaths.booking(occurrence.id, occurrence.occurrence_start) : null,
    fetchQuietly,
  );
  if (occurrence?.scopes) return occurrence.scopes;
  if (!ask || error) return ['THIS'];
  return data ? (data.occurrence?.scopes ?? ['THIS']) : undefined;
}
/**
 * The caller's next five occurrences from now (the dashboard, the header); fetched only when
 * `enabled`, and again every `refreshInterval` ms when given. A failure is never toasted: the
 * header asks every minute and a missed answer is no news there; the dashboard says it in its list.
 */
export function useUpcomingBookings(enabled: boolean, options: { refreshInterval?: number } = {}) {
  return useRoute(bookingsRoutes['list-upcoming-bookings'], enabled ? {} : null, options, {
    toastErrors: false,
  });
}

// ---- writes -----------------------------------------------------------------------------------

/** Books a space (the event form's values, as `eventSchema` outputs them). */
export const createBooking = (event: EventInput) =>
  callRoute(bookingsRoutes['create-booking'], { body: event });

/** Changes a booking: THIS occurrence, FOLLOWING ones or ALL, as `event.applicable` says. */
export const updateBooking = (id: string, event: EventInput) =>
  callRoute(bookingsRoutes['update-booking'], { params: { id }, body: event });

/** Deletes THIS occurrence, it and the FOLLOWING ones, or ALL of a booking. */
export const deleteBooking = (id: string, applicable: ApplicableScope, occurrenceStart: string) =>
  callRoute(bookingsRoutes['delete-booking'], {
    params: { id },
    query: { applicable, occurrence_start: occurrenceStart },
  });

/**
 * Revalidates what a booking write may have changed: every booking list and booking on screen, the
 * invitee picker, the space lists (availability, next schedule) and the header.
 */
export function revalidateBookings(mutate: ScopedMutator): Promise<unknown> {
  const bookingKey = (key: unknown) =>
    typeof key === 'string' &&
    (key.startsWith(bookingPaths.listPrefix) ||
      key.startsWith(bookingPaths.bookingPrefix) ||
      key === bookingPaths.upcoming ||
      key === bookingPaths.invitees ||
      key === venuePaths.spaces ||
      key === venuePaths.recentSpaces ||
      key === keys.aboutMe);
  return mutate(bookingKey);
}
