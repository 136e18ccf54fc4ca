import { actsOn, permissionFor, type AssignmentPermission } from '@shared/venues';
import type { SpaceCoordinatorItem, SpaceItem, VenueItem, VenueManagerItem } from '@core/table/entities';
import { assignmentsOf } from './store';
import { Forbidden, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';

/**
 * What a client user may see and act on among the account's venues and spaces (docs/architecture.md §5, the
 * rule in shared/venues.ts `actsOn`, which the SPA uses to show buttons): an Account Admin every
 * venue and space; a Venue Manager the venues they are assigned to (acting only where Approved)
 * and those venues' spaces and screens; an Event Coordinator the spaces they are assigned to.
 * Assignments are read on every request, so a change applies from the person's next request.
 */
export interface Scope {
  /** An Account Admin: everything of the account. */
  all: boolean;
  /** A Venue Manager's venues, by id, with their permission. */
  venues: Map<string, AssignmentPermission>;
  /** An Event Coordinator's spaces, by id, with their permission and venue. */
  spaces: Map<string, { permission: AssignmentPermission; venueId: string }>;
}

/** The whole account: an Account Admin's scope. */
export const everythingScope: Scope = { all: true, venues: new Map(), spaces: new Map() };
/** No venue or space: the scope of a role without assignments (a Viewer). */
const noScope: Scope = { all: false, venues: new Map(), spaces: new Map() };

/**
 * The caller's scope: nothing to read for an Account Admin (everything) or a Viewer (no
 * assignments), one Query of their assignments for a Venue Manager or an Event Coordinator
 * (pattern 36).
 */
export async function scopeOf(principal: ClientPrincipal): Promise<Scope> {
  if (principal.role === 'Account Admin') return everythingScope;
  if (principal.role === 'Viewer') return noScope;
  const { venues, spaces } = await assignmentsOf(principal.userId);
  return {
    all: false,
    venues: new Map(
      principal.role === 'Venue Manager' ? venues.map((a) => [a.venue_id, a.permission] as const) : [],
    ),
    spaces: new Map(
      principal.role === 'Event Coordinator'
        ? spaces.map((a) => [a.space_id, { permission: a.permission, venueId: a.venue_id }] as const)
        : [],
    ),
  };
}

/** The caller's permission on a venue, as lists carry it (null: not theirs). */
export function venuePermission(
  principal: ClientPrincipal,
  scope: Scope,
  venueId: string,
): AssignmentPermission | null {
  return permissionFor(principal.role, scope.all ? undefined : scope.venues.get(venueId));
}

/** The caller's permission on a space: its venue's for a Venue Manager, its own for an Event Coordinator. */
export function spacePermission(
  principal: ClientPrincipal,
  scope: Scope,
  space: Pick<SpaceItem, 'space_id' | 'venue_id'>,
): AssignmentPermission | null {
  if (scope.all) return permissionFor(principal.role, undefined);
  if (principal.role === 'Venue Manager') return scope.venues.get(space.venue_id) ?? null;
  return scope.spaces.get(space.space_id)?.permission ?? null;
}

/** Whether the caller sees a venue at all: theirs, or the venue of one of their spaces. */
export function seesVenue(scope: Scope, venueId: string): boolean {
  if (scope.all || scope.venues.has(venueId)) return true;
  for (const { venueId: ofSpace } of scope.spaces.values()) if (ofSpace === venueId) return true;
  return false;
}

/** Whether the caller sees a space: an Account Admin all, a manager their venues', a coordinator theirs. */
export function seesSpace(scope: Scope, space: Pick<SpaceItem, 'space_id' | 'venue_id'>): boolean {
  return scope.all || scope.venues.has(space.venue_id) || scope.spaces.has(space.space_id);
}

/**
 * A venue the caller acts on: not found (404) when it does not exist in their account or they do
 * not see it; 403 when they see it but may not act (a Denied manager).
 */
export function assertActsOnVenue(
  principal: ClientPrincipal,
  venue: VenueItem | null,
  assignment: VenueManagerItem | null,
): VenueItem {
  if (!venue) throw new NotFound('Venue');
  if (principal.role === 'Account Admin') return venue;
  if (principal.role !== 'Venue Manager' || !assignment) throw new NotFound('Venue');
  if (!actsOn(principal.role, assignment.permission)) throw new Forbidden();
  return venue;
}

/**
 * A space the caller acts on (through its venue for a Venue Manager, its own assignment for an
 * Event Coordinator): 404 when unseen, 403 when seen but not theirs to change.
 */
export function assertActsOnSpace(
  principal: ClientPrincipal,
  found: {
    space: SpaceItem | null;
    venueAssignment: VenueManagerItem | null;
    spaceAssignment: SpaceCoordinatorItem | null;
  },
): SpaceItem {
  const { space } = found;
  if (!space) throw new NotFound('Space');
  if (principal.role === 'Account Admin') return space;
  const assignment = principal.role === 'Venue Manager' ? found.venueAssignment : found.spaceAssignment;
  if (!assignment) throw new NotFound('Space');
  if (!actsOn(principal.role, assignment.permission)) throw new Forbidden();
  return space;
}
