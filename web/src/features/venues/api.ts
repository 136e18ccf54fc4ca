import { toast } from 'sonner';
import useSWR, { type ScopedMutator } from 'swr';
import { bookingsRoutes } from '@shared/api/bookings-routes';
import { configRoutes } from '@shared/api/config-routes';
import { screensRoutes } from '@shared/api/screens-routes';
import { spacesRoutes } from '@shared/api/spaces-routes';
import { venuesRoutes } from '@shared/api/venues-routes';
import type { AssignmentPermission } from '@shared/venues';
import type { Status } from '@shared/schemas/common';
import {
  callRoute,
  fetcherOf,
  pathOf,
  useRoute,
  type ApiRoute,
  type PathArgs,
  type PathInput,
  type RouteResult,
} from '../../api/call';
import { ApiError } from '../../api/client';
import { keys } from '../../api/hooks';

/**
 * Venues, spaces, screens and their lookups (docs/product/client-area.md §7 "Venues", "Spaces", "Screens",
 * "Account, lookups, users"): one swr hook per resource keyed by its API path, as
 * web/src/api/hooks.ts. Errors are toasted by the fetch client, except for the switches', which
 * say it themselves, and a refused calendar feed, which is hidden.
 */
/** The swr keys (API paths) other modules revalidate. */
export const venuePaths = {
  venues: pathOf(venuesRoutes['list-venues']),
  recentVenues: pathOf(venuesRoutes['list-recent-venues']),
  managers: (venueId: string) => pathOf(venuesRoutes['list-venue-managers'], { params: { venueId } }),
  availableManagers: (venueId: string) =>
    pathOf(venuesRoutes['list-available-managers'], { params: { venueId } }),

  spaces: pathOf(spacesRoutes['list-spaces']),
  recentSpaces: pathOf(spacesRoutes['list-recent-spaces']),
  space: (id: string) => pathOf(spacesRoutes['get-space'], { params: { id } }),
  coordinators: (spaceId: string) => pathOf(spacesRoutes['list-coordinators'], { params: { spaceId } }),
  availableCoordinators: (spaceId: string) =>
    pathOf(spacesRoutes['list-available-coordinators'], { params: { spaceId } }),
  capAlerts: (spaceId: string) => pathOf(spacesRoutes['get-cap-alerts'], { params: { spaceId } }),
  capAlertsInForce: (spaceId: string) =>
    pathOf(spacesRoutes['get-space-cap-alerts'], { params: { spaceId } }),

  screens: pathOf(screensRoutes['list-screens']),
  recentScreens: pathOf(screensRoutes['list-recent-screens']),
  licences: pathOf(screensRoutes['list-licences']),
} as const;

const on = (enabled: boolean) => (enabled ? {} : null);

/**
 * As `useRoute`, but a refusal (401, 403) is not toasted: what asked for it hides instead; any
 * other failure is toasted as the fetch client does.
 */
export function useRouteUnlessRefused<R extends ApiRoute>(route: R, input: PathInput<R> | null) {
  const fetchQuietly = fetcherOf(route, { toastErrors: false });
  return useSWR<RouteResult<R>, unknown>(
    input === null ? null : pathOf(route, ...([input] as PathArgs<R>)),
    (path: string) =>
      fetchQuietly(path).catch((error: unknown) => {
        if (error instanceof ApiError && error.status !== 401 && error.status !== 403)
          toast.error(error.message, { id: error.message });
        throw error;
      }),
  );
}

/** The venues the caller manages (all for an Account Admin, a Venue Manager's approved ones). */
export function useVenues(enabled = true) {
  return useRoute(venuesRoutes['list-venues'], on(enabled));
}
/** The five newest venues (the dashboard; only for a role whose dashboard shows them). */
export function useRecentVenues(enabled: boolean) {
  return useRoute(venuesRoutes['list-recent-venues'], on(enabled));
}
/** The spaces the caller sees. */
export function useSpaces(enabled = true) {
  return useRoute(spacesRoutes['list-spaces'], on(enabled));
}
/** One space (null: nothing is fetched). */
export function useSpace(id: string | null) {
  return useRoute(spacesRoutes['get-space'], id ? { params: { id } } : null);
}
export function useRecentSpaces(enabled: boolean) {
  return useRoute(spacesRoutes['list-recent-spaces'], on(enabled));
}
/** The screens of the venues and spaces the caller sees. */
/** How often the screens are read again while listed: their devices' status, version and last check-in change. */
export const SCREENS_REFRESH_MS = 30_000;
export function useScreens(enabled = true) {
  return useRoute(screensRoutes['list-screens'], on(enabled), { refreshInterval: SCREENS_REFRESH_MS });
}
export function useRecentScreens(enabled: boolean) {
  return useRoute(screensRoutes['list-recent-screens'], on(enabled));
}
/** The account's screen licences with the 'available / active' counts. */
export function useLicences(enabled = true) {
  return useRoute(screensRoutes['list-licences'], on(enabled));
}
/** A venue's managers (null: nothing is fetched). */
export function useVenueManagers(venueId: string | null) {
  return useRoute(venuesRoutes['list-venue-managers'], venueId ? { params: { venueId } } : null);
}
/** The account's Venue Managers not yet on the venue. */
export function useAvailableManagers(venueId: string | null) {
  return useRoute(venuesRoutes['list-available-managers'], venueId ? { params: { venueId } } : null);
}
/** A space's event coordinators. */
export function useCoordinators(spaceId: string | null) {
  return useRoute(spacesRoutes['list-coordinators'], spaceId ? { params: { spaceId } } : null);
}
/** The account's Event Coordinators not yet on the space. */
export function useAvailableCoordinators(spaceId: string | null) {
  return useRoute(spacesRoutes['list-available-coordinators'], spaceId ? { params: { spaceId } } : null);
}
/** A space's alert feeds and their status. */
export function useCapAlerts(spaceId: string) {
  return useRoute(spacesRoutes['get-cap-alerts'], { params: { spaceId } });
}
/** How often the alerts in force are read again while the alert panel is open. */
export const CAP_ALERTS_REFRESH_MS = 60_000;
/** The alerts in force for a space and how each of its feeds last read, again every minute. */
export function useSpaceCapAlerts(spaceId: string) {
  return useRoute(
    spacesRoutes['get-space-cap-alerts'],
    { params: { spaceId } },
    { refreshInterval: CAP_ALERTS_REFRESH_MS },
  );
}
/** A space's calendar subscription URL, made on first asking (null: nothing is fetched). */
export function useSpaceFeed(spaceId: string | null) {
  return useRouteUnlessRefused(
    bookingsRoutes['get-space-feed'],
    spaceId ? { params: { id: spaceId } } : null,
  );
}

/** The time zones a venue may be in. */
export function useTimezones(enabled = true) {
  return useRoute(configRoutes['client-list-timezones'], on(enabled));
}
/** Active amenities, by title. */
export function useAmenities() {
  return useRoute(configRoutes['client-list-amenities'], {});
}
/** Active venue types, by title. */
export function useVenueTypes() {
  return useRoute(configRoutes['client-list-venue-types'], {});
}
/** Active space types, by title. */
export function useSpaceTypes() {
  return useRoute(configRoutes['client-list-space-types'], {});
}

// ---- writes -----------------------------------------------------------------------------------

/** Status changes are not toasted by the fetch client: the switch says a failure, with the message. */
export const setVenueStatus = (id: string, status: Status) =>
  callRoute(venuesRoutes['set-venue-status'], { params: { id, status } }, { toastErrors: false });
export const setSpaceStatus = (id: string, status: Status) =>
  callRoute(spacesRoutes['set-space-status'], { params: { id, status } }, { toastErrors: false });
export const setScreenStatus = (id: string, status: Status) =>
  callRoute(screensRoutes['set-screen-status'], { params: { id, status } }, { toastErrors: false });

/** Approves or denies a Venue Manager on a venue; adds one, Approved. */
export const setManagerPermission = (venueId: string, userId: string, permission: AssignmentPermission) =>
  callRoute(venuesRoutes['set-venue-manager-permission'], { params: { venueId, userId, permission } });
export const assignManager = (venueId: string, userId: string) =>
  callRoute(venuesRoutes['assign-venue-manager'], { params: { venueId, userId } });
/** Approves or denies an Event Coordinator on a space; adds one, Approved. */
export const setCoordinatorPermission = (spaceId: string, userId: string, permission: AssignmentPermission) =>
  callRoute(spacesRoutes['set-coordinator-permission'], { params: { spaceId, userId, permission } });
export const assignCoordinator = (spaceId: string, userId: string) =>
  callRoute(spacesRoutes['assign-coordinator'], { params: { spaceId, userId } });
/** Replaces a space's calendar subscription URL; the old one stops working. */
export const rotateSpaceFeed = (spaceId: string) =>
  callRoute(bookingsRoutes['rotate-space-feed'], { params: { id: spaceId } });

/** What a change of each kind may have changed elsewhere, revalidated after it is saved. */
const affected = {
  // Space lists name their venue; the header counts venues.
  venue: [venuePaths.venues, venuePaths.recentVenues, venuePaths.spaces, venuePaths.recentSpaces],
  // Venues list their spaces; screens name their space.
  space: [
    venuePaths.spaces,
    venuePaths.recentSpaces,
    venuePaths.venues,
    venuePaths.recentVenues,
    venuePaths.screens,
    venuePaths.recentScreens,
  ],
  // Spaces count their screens; an active screen holds a licence.
  screen: [
    venuePaths.screens,
    venuePaths.recentScreens,
    venuePaths.spaces,
    venuePaths.recentSpaces,
    venuePaths.licences,
  ],
} as const;

/**
 * Revalidates the lists a saved venue, space or screen shows in, and the header's totals (the
 * account's counts follow every write).
 */
export function revalidateAfter(mutate: ScopedMutator, kind: keyof typeof affected): Promise<unknown> {
  return Promise.all([...affected[kind], keys.aboutMe].map((key) => mutate(key)));
}
