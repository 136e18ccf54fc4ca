import { useMemo } from 'react';
import { allows, type ClientRole, type RolesAttr } from '@shared/roles';
import { isClientMe } from '@shared/me';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import { actsOn, type AssignmentPermission } from '@shared/venues';
import { useMyPackage } from '@web/api/hooks';
import { useAuth } from '@web/auth/AuthProvider';

/**
 * What the signed-in client may do in the Venues area (docs/product/client-area.md §2 "Venues area", §6) and to
 * events: the role's flags, and for an existing venue, space or screen also the scope rule
 * (`actsOn`: an Account Admin everywhere, a Venue Manager or Event Coordinator where Approved), for
 * an event what the API says of it. The API refuses what these refuse; the pages hide it.
 */
export interface Access {
  role: ClientRole;
  attrs: RolesAttr;
}

/**
 * The signed-in client's role and flags, or null while no client profile is loaded; the same
 * object while the profile stays.
 */
export function useAccess(): Access | null {
  const { me } = useAuth();
  return useMemo(() => (me && isClientMe(me) ? { role: me.user_role, attrs: me.rolesAttr } : null), [me]);
}

/**
 * Whether the account's package includes third-party calendar integration (its
 * `third_party_integration`; the auth provider loads the package): linked calendars, a space's
 * calendar sync. False while the package loads.
 */
export function useCalendarIntegration(): boolean {
  const { data } = useMyPackage(true);
  return data?.third_party_integration === 'Yes';
}

type Scoped = { permission: AssignmentPermission | null };

/**
 * An event made in Spaces, not one pulled in from a linked Google or Microsoft calendar, which is
 * changed there (the API gives those no permission either). Without `source`, made here.
 */
const madeHere = (occurrence: Pick<BookingOccurrence, 'source'>) =>
  (occurrence.source ?? 'spaces') === 'spaces';

export const may = {
  addVenue: (a: Access) => allows(a.attrs, 'venues.permission.add'),
  addSpace: (a: Access) => allows(a.attrs, 'spaces.permission.add'),
  /** Screens need both flags (docs/product/client-area.md §2). */
  addScreen: (a: Access) =>
    allows(a.attrs, 'screens.permission.add') && allows(a.attrs, 'screens.permission.addVisibility'),
  editVenue: (a: Access, venue: Scoped) =>
    allows(a.attrs, 'venues.permission.edit') && actsOn(a.role, venue.permission),
  editSpace: (a: Access, space: Scoped) =>
    allows(a.attrs, 'spaces.permission.edit') && actsOn(a.role, space.permission),
  /** A screen is changed with the screens flag (its routes say so) on a venue the person acts on. */
  editScreen: (a: Access, screen: Scoped) =>
    allows(a.attrs, 'screens.permission.add') && actsOn(a.role, screen.permission),
  /** The venue managers list. */
  manageVenueManagers: (a: Access, venue: Scoped) =>
    allows(a.attrs, 'venues.permission.3rdPartyAccountManage') && actsOn(a.role, venue.permission),
  /** A venue's linked calendar accounts (the package must include the integration too). */
  linkCalendars: (a: Access, venue: Scoped) =>
    allows(a.attrs, 'venues.permission.3rdPartyAccountManage') && actsOn(a.role, venue.permission),
  /** A space's event coordinators: whoever may edit the space. */
  manageCoordinators: (a: Access, space: Scoped) => may.editSpace(a, space),
  /** Slideshows are the Account Admin's and the Venue Manager's (docs/product/client-area.md §6). */
  seeSlideshows: (a: Access) => a.role === 'Account Admin' || a.role === 'Venue Manager',
  /** A space's slideshows are managed by whoever sees slideshows and acts on its venue. */
  manageSlideshows: (a: Access, space: Scoped) => may.seeSlideshows(a) && actsOn(a.role, space.permission),
  /** The lists of the left menu: a Venue Manager lists venues, an Event Coordinator spaces only. */
  listVenues: (a: Access) =>
    allows(a.attrs, 'venues.permission.add') || allows(a.attrs, 'venues.permission.edit'),
  listScreens: (a: Access) => allows(a.attrs, 'screens.permission.add'),
  /**
   * An event: the role's flag, and the API's word on that event (`editPermission`,
   * `deletePermission`); one from a linked calendar never.
   */
  editEvent: (a: Access, occurrence: Pick<BookingOccurrence, 'editPermission' | 'source'>) =>
    allows(a.attrs, 'events.permission.edit') && occurrence.editPermission && madeHere(occurrence),
  deleteEvent: (a: Access, occurrence: Pick<BookingOccurrence, 'deletePermission' | 'source'>) =>
    allows(a.attrs, 'events.permission.delete') && occurrence.deletePermission && madeHere(occurrence),
};
