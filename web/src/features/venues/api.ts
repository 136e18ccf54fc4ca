import { toast } from 'sonner';
import useSWR, { type ScopedMutator } from 'swr';
import type { SpaceFeed } from '@shared/schemas/bookings';
import type { SpaceCapAlerts } from '@shared/schemas/cap-alerts';
import type { AssignmentPermission } from '@shared/venues';
import type { Status } from '@shared/schemas/common';
import type { ConfigItem } from '@shared/schemas/config';
import type {
  Assignment,
  CapAlertSettings,
  ClientLicences,
  Screen,
  Space,
  Venue,
} from '@shared/schemas/venues';
import { api, ApiError, request } from '../../api/client';
import { keys } from '../../api/hooks';

/**
 * Venues, spaces, screens and their lookups (docs/product/client-area.md §7 "Venues", "Spaces", "Screens",
 * "Account, lookups, users"): one swr hook per resource keyed by its API path, as
 * web/src/api/hooks.ts. Errors are toasted by the fetch client, except for the switches', which
 * say it themselves, and a refused calendar feed, which is hidden.
 */
export const venuePaths = {
  venues: '/client/allvenues',
  recentVenues: '/client/recentvenues',
  newVenue: '/client/newvenue',
  venue: (id: string) => `/client/venue/${id}`,
  venueStatus: (id: string, status: Status) => `/client/venue/${id}/${status}`,
  managers: (venueId: string) => `/client/venuemanagers/${venueId}`,
  availableManagers: (venueId: string) => `/client/availablemanager/${venueId}`,
  assignManager: (venueId: string, userId: string) => `/client/venuemanager/assign/${venueId}/${userId}`,
  managerPermission: (venueId: string, userId: string, permission: AssignmentPermission) =>
    `/client/venuemanager/${venueId}/${userId}/${permission}`,

  spaces: '/client/allspaces',
  recentSpaces: '/client/recentspaces',
  newSpace: (venueId: string) => `/client/newspace/${venueId}`,
  space: (id: string) => `/client/space/${id}`,
  spaceStatus: (id: string, status: Status) => `/client/space/${id}/${status}`,
  coordinators: (spaceId: string) => `/client/eventcoordinators/${spaceId}`,
  availableCoordinators: (spaceId: string) => `/client/availablecoordinator/${spaceId}`,
  assignCoordinator: (spaceId: string, userId: string) =>
    `/client/eventcoordinator/assign/${spaceId}/${userId}`,
  coordinatorPermission: (spaceId: string, userId: string, permission: AssignmentPermission) =>
    `/client/eventcoordinator/${spaceId}/${userId}/${permission}`,
  capAlerts: (spaceId: string) => `/client/capAlertURL/${spaceId}`,
  capAlertsInForce: (spaceId: string) => `/client/capAlerts/${spaceId}`,
  spaceFeed: (spaceId: string) => `/client/space/${spaceId}/calendarFeed`,

  screens: '/client/allscreens',
  recentScreens: '/client/recentscreens',
  newScreen: '/client/screen',
  screen: (id: string) => `/client/screen/${id}`,
  screenStatus: (id: string, status: Status) => `/client/screen/${id}/${status}`,
  offlineNotification: (id: string) => `/client/screen/${id}/offlineNotification`,
  licences: '/client/licences',

  timezones: '/client/timezones',
  amenities: '/client/amenities',
  venueTypes: '/client/venue_types',
  spaceTypes: '/client/space_types',
} as const;

const fetchResult = <T>(path: string) => api.get<T>(path);
const when = (enabled: boolean, path: string) => (enabled ? path : null);
/** As `fetchResult`, but a refusal (403) is not toasted: what asked for it hides instead. */
export const fetchUnlessRefused = <T>(path: string) =>
  api.get<T>(path, { toastErrors: false }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status !== 401 && error.status !== 403)
      toast.error(error.message, { id: error.message });
    throw error;
  });

/** The venues the caller manages (all for an Account Admin, a Venue Manager's approved ones). */
export function useVenues(enabled = true) {
  return useSWR<Venue[]>(when(enabled, venuePaths.venues), fetchResult);
}
/** The five newest venues (the dashboard; only for a role whose dashboard shows them). */
export function useRecentVenues(enabled: boolean) {
  return useSWR<Venue[]>(when(enabled, venuePaths.recentVenues), fetchResult);
}
/** The spaces the caller sees. */
export function useSpaces(enabled = true) {
  return useSWR<Space[]>(when(enabled, venuePaths.spaces), fetchResult);
}
/** One space (null: nothing is fetched). */
export function useSpace(id: string | null) {
  return useSWR<Space>(id ? venuePaths.space(id) : null, fetchResult);
}
export function useRecentSpaces(enabled: boolean) {
  return useSWR<Space[]>(when(enabled, venuePaths.recentSpaces), fetchResult);
}
/** The screens of the venues and spaces the caller sees. */
/** How often the screens are read again while listed: their devices' status, version and last check-in change. */
export const SCREENS_REFRESH_MS = 30_000;
export function useScreens(enabled = true) {
  return useSWR<Screen[]>(when(enabled, venuePaths.screens), fetchResult, {
    refreshInterval: SCREENS_REFRESH_MS,
  });
}
export function useRecentScreens(enabled: boolean) {
  return useSWR<Screen[]>(when(enabled, venuePaths.recentScreens), fetchResult);
}
/** The account's screen licences with the 'available / active' counts. */
export function useLicences(enabled = true) {
  return useSWR<ClientLicences>(when(enabled, venuePaths.licences), fetchResult);
}
/** A venue's managers (null: nothing is fetched). */
export function useVenueManagers(venueId: string | null) {
  return useSWR<Assignment[]>(venueId ? venuePaths.managers(venueId) : null, fetchResult);
}
/** The account's Venue Managers not yet on the venue. */
export function useAvailableManagers(venueId: string | null) {
  return useSWR<Assignment['user'][]>(venueId ? venuePaths.availableManagers(venueId) : null, fetchResult);
}
/** A space's event coordinators. */
export function useCoordinators(spaceId: string | null) {
  return useSWR<Assignment[]>(spaceId ? venuePaths.coordinators(spaceId) : null, fetchResult);
}
/** The account's Event Coordinators not yet on the space. */
export function useAvailableCoordinators(spaceId: string | null) {
  return useSWR<Assignment['user'][]>(
    spaceId ? venuePaths.availableCoordinators(spaceId) : null,
    fetchResult,
  );
}
/** A space's alert feeds and their status. */
export function useCapAlerts(spaceId: string) {
  return useSWR<CapAlertSettings>(venuePaths.capAlerts(spaceId), fetchResult);
}
/** How often the alerts in force are read again while the alert panel is open. */
export const CAP_ALERTS_REFRESH_MS = 60_000;
/** The alerts in force for a space and how each of its feeds last read, again every minute. */
export function useSpaceCapAlerts(spaceId: string) {
  return useSWR<SpaceCapAlerts>(venuePaths.capAlertsInForce(spaceId), fetchResult, {
    refreshInterval: CAP_ALERTS_REFRESH_MS,
  });
}
/** A space's calendar subscription URL, made on first asking (null: nothing is fetched). */
export function useSpaceFeed(spaceId: string | null) {
  return useSWR<SpaceFeed, unknown>(spaceId ? venuePaths.spaceFeed(spaceId) : null, fetchUnlessRefused);
}

/** The time zones a venue may be in. */
export function useTimezones(enabled = true) {
  return useSWR<string[]>(when(enabled, venuePaths.timezones), fetchResult);
}
/** Active amenities, by title. */
export function useAmenities() {
  return useSWR<ConfigItem[]>(venuePaths.amenities, fetchResult);
}
/** Active venue types, by title. */
export function useVenueTypes() {
  return useSWR<ConfigItem[]>(venuePaths.venueTypes, fetchResult);
}
/** Active space types, by title. */
export function useSpaceTypes() {
  return useSWR<ConfigItem[]>(venuePaths.spaceTypes, fetchResult);
}

// ---- writes -----------------------------------------------------------------------------------

/** Status changes are not toasted by the fetch client: the switch says a failure, with the message. */
export const setVenueStatus = (id: string, status: Status) =>
  request<Venue>(venuePaths.venueStatus(id, status), { toastErrors: false });
export const setSpaceStatus = (id: string, status: Status) =>
  request<Space>(venuePaths.spaceStatus(id, status), { toastErrors: false });
export const setScreenStatus = (id: string, status: Status) =>
  request<Screen>(venuePaths.screenStatus(id, status), { toastErrors: false });

/** Approves or denies a Venue Manager on a venue; adds one, Approved. */
export const setManagerPermission = (venueId: string, userId: string, permission: AssignmentPermission) =>
  request<Assignment>(venuePaths.managerPermission(venueId, userId, permission));
export const assignManager = (venueId: string, userId: string) =>
  request<Assignment>(venuePaths.assignManager(venueId, userId));
/** Approves or denies an Event Coordinator on a space; adds one, Approved. */
export const setCoordinatorPermission = (spaceId: string, userId: string, permission: AssignmentPermission) =>
  request<Assignment>(venuePaths.coordinatorPermission(spaceId, userId, permission));
export const assignCoordinator = (spaceId: string, userId: string) =>
  request<Assignment>(venuePaths.assignCoordinator(spaceId, userId));
/** Replaces a space's calendar subscription URL; the old one stops working. */
export const rotateSpaceFeed = (spaceId: string) => api.post<SpaceFeed>(venuePaths.spaceFeed(spaceId));

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
