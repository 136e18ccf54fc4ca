import { ulid } from 'ulid';
import type * as z from 'zod';
import type { Assignment, UserProperty, Venue, venueInputSchema } from '@shared/schemas/venues';
import { actsOn, permissionFor, type AssignmentPermission } from '@shared/venues';
import { listUserItems } from '@core/people/user-store';
import { getPackage } from '@core/people/account-store';
import type { ActivityInput } from '@core/table/activity-entry';
import type { SpaceItem, UserItem, VenueItem } from '@core/table/entities';
import {
  alreadyManager,
  insertVenue,
  insertVenueManager,
  notAManager,
  saveVenue,
  saveVenueManagerPermission,
  venueLimitReached,
} from './change-store';
import {
  assignmentsOf,
  getVenueManagerChange,
  getVenueWithAssignment,
  getVenuesAndSpaces,
  listSpaceItems,
  listVenueItems,
  listVenueManagerItems,
  listVenueSpaceItems,
} from './store';
import { Forbidden, Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import {
  assertActsOnVenue,
  everythingScope,
  scopeOf,
  seesSpace,
  seesVenue,
  spacePermission,
  venuePermission,
} from './scope';
import { assignedPeople, byPerson, byText, fullName, toPerson } from '@core/people/names';

/**
 * Venues and their managers (docs/product/client-area.md §2 "Venues area", "Venue form"; §3 Venue; §5; §7
 * "Venues"). An Account Admin sees and changes every venue of the account; a Venue Manager sees
 * the venues they are assigned to and changes those where they are Approved; an Event
 * Coordinator sees the venues of their spaces, with only those spaces. Lists are sorted by name
 * and read with one Query of venues and one of spaces, whatever the account's size.
 */
type VenueInput = z.output<typeof venueInputSchema>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;

function toVenue(
  item: VenueItem,
  spaces: Array<Pick<SpaceItem, 'space_id' | 'title'>>,
  permission: AssignmentPermission | null,
): Venue {
  return {
    id: item.venue_id,
    name: item.name,
    phone_no: orNull(item.phone_no),
    address: orNull(item.address),
    city: orNull(item.city),
    state: orNull(item.state),
    zipcode: orNull(item.zipcode),
    country: orNull(item.country),
    timezone: item.timezone,
    venue_type: orNull(item.venue_type),
    status: item.status,
    spaces: spaces
      .map((space) => ({ id: space.space_id, title: space.title }))
      .sort((a, b) => byText(a.title, b.title) || a.id.localeCompare(b.id)),
    permission,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

const byName = (a: Venue, b: Venue) => byText(a.name, b.name) || a.id.localeCompare(b.id);

/** The spaces of a list, by venue. */
function spacesByVenue(spaces: SpaceItem[]): Map<string, SpaceItem[]> {
  const map = new Map<string, SpaceItem[]>();
  for (const space of spaces) {
    const list = map.get(space.venue_id);
    if (list) list.push(space);
    else map.set(space.venue_id, [space]);
  }
  return map;
}

/** The venues the caller sees, each with the spaces the caller sees in it, in the order read. */
async function seenVenues(
  principal: ClientPrincipal,
  options: { newest?: number; everything?: boolean } = {},
): Promise<Venue[]> {
  const { accountId } = principal;
  const [scope, venues, spaces] = await Promise.all([
    options.everything ? everythingScope : scopeOf(principal),
    // Only an Account Admin sees every venue, so only their newest can be read as such.
    listVenueItems(accountId, principal.role === 'Account Admin' ? { newest: options.newest } : {}),
    listSpaceItems(accountId),
  ]);
  const spacesOf = spacesByVenue(spaces.filter((space) => seesSpace(scope, space)));
  return venues
    .filter((venue) => seesVenue(scope, venue.venue_id))
    .map((venue) =>
      toVenue(venue, spacesOf.get(venue.venue_id) ?? [], venuePermission(principal, scope, venue.venue_id)),
    );
}

/** GET /client/allvenues */
export async function listVenues(principal: ClientPrincipal): Promise<Venue[]> {
  return (await seenVenues(principal)).sort(byName);
}

/**
 * GET /client/calendarvenues: the venues of the booking calendar, those whose bookings the caller
 * sees (functions/bookings/views.ts `sees`): a Viewer reads every booking, so sees every
 * venue and space, as an Account Admin does.
 */
export async function listCalendarVenues(principal: ClientPrincipal): Promise<Venue[]> {
  return (await seenVenues(principal, { everything: principal.role === 'Viewer' })).sort(byName);
}

/** GET /client/recentvenues: the five newest of the caller's venues, newest first. */
export async function recentVenues(principal: ClientPrincipal): Promise<Venue[]> {
  const venues = await seenVenues(principal, { newest: 5 });
  return venues.sort((a, b) => b.id.localeCompare(a.id)).slice(0, 5);
}

/**
 * GET /client/myvenues: the active venues the caller may book in, each with the active spaces
 * they may book: an Account Admin every one, a Venue Manager those of their Approved venues, an
 * Event Coordinator their Approved spaces (and those spaces' venues).
 */
export async function listMyVenues(principal: ClientPrincipal): Promise<Venue[]> {
  const { accountId, role } = principal;
  const [scope, venues, spaces] = await Promise.all([
    scopeOf(principal),
    listVenueItems(accountId),
    listSpaceItems(accountId),
  ]);
  const bookable = spacesByVenue(
    spaces.filter(
      (space) => space.status === 'Active' && actsOn(role, spacePermission(principal, scope, space)),
    ),
  );
  return venues
    .filter((venue) => venue.status === 'Active')
    .filter((venue) =>
      role === 'Event Coordinator'
        ? bookable.has(venue.venue_id)
        : actsOn(role, venuePermission(principal, scope, venue.venue_id)),
    )
    .map((venue) =>
      toVenue(venue, bookable.get(venue.venue_id) ?? [], venuePermission(principal, scope, venue.venue_id)),
    )
    .sort(byName);
}

/**
 * GET /client/venue/{id}: a venue the caller sees (404 otherwise; a Denied manager sees it, with
 * their permission), with its spaces (a coordinator's own only).
 */
export async function getVenue(principal: ClientPrincipal, venueId: string): Promise<Venue> {
  const { accountId, role, userId } = principal;
  if (role !== 'Account Admin' && role !== 'Venue Manager') {
    const scope = await scopeOf(principal);
    const spaceIds = [...scope.spaces].filter(([, a]) => a.venueId === venueId).map(([id]) => id);
    if (!spaceIds.length) throw new NotFound('Venue');
    const { venues, spaces } = await getVenuesAndSpaces(accountId, [venueId], spaceIds);
    const [venue] = venues;
    if (!venue) throw new NotFound('Venue');
    return toVenue(venue, spaces, venuePermission(principal, scope, venueId));
  }
  const [{ venue, assignment }, spaces] = await Promise.all([
    getVenueWithAssignment(accountId, venueId, role === 'Venue Manager' ? userId : undefined),
    listVenueSpaceItems(accountId, venueId),
  ]);
  if (!venue || (role === 'Venue Manager' && !assignment)) throw new NotFound('Venue');
  return toVenue(venue, spaces, permissionFor(role, assignment?.permission));
}

/**
 * A venue the caller changes (404 unseen, 403 a Denied manager's), with its spaces, read
 * together (the spaces are for the answer).
 */
async function venueToChange(
  principal: ClientPrincipal,
  venueId: string,
): Promise<{ venue: VenueItem; spaces: SpaceItem[]; permission: AssignmentPermission | null }> {
  const { accountId, role, userId } = principal;
  const [{ venue, assignment }, spaces] = await Promise.all([
    getVenueWithAssignment(accountId, venueId, role === 'Venue Manager' ? userId : undefined),
    listVenueSpaceItems(accountId, venueId),
  ]);
  return {
    venue: assertActsOnVenue(principal, venue, assignment),
    spaces,
    permission: permissionFor(role, assignment?.permission),
  };
}

const venueActivity = (principal: ClientPrincipal, venueId: string, activity: string): ActivityInput => ({
  principal,
  component: 'Venue',
  componentId: venueId,
  activity,
});

/**
 * POST /client/newvenue: a venue of the caller's account, active unless the input says
 * otherwise, within the package's `venue_limit` (checked here and held by the transaction).
 */
export async function createVenue(principal: ClientPrincipal, input: VenueInput): Promise<Venue> {
  const { account } = principal;
  const pkg = await getPackage(account.package_id);
  if (!pkg) throw new Invalid({ name: "The account's package no longer exists" });
  const limit = pkg.venue_limit ?? undefined;
  if (limit !== undefined && account.total_venues >= limit) throw venueLimitReached(limit);
  const now = new Date().toISOString();
  const venue: VenueItem = {
    account_id: principal.accountId,
    venue_id: ulid(),
    name: input.name,
    phone_no: input.phone_no,
    address: input.address,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
    country: input.country,
    timezone: input.timezone,
    venue_type: input.venue_type,
    status: input.status ?? 'Active',
    version: 0,
    created_at: now,
    updated_at: now,
  };
  await insertVenue(venue, limit, venueActivity(principal, venue.venue_id, `Created venue ${venue.name}`));
  return toVenue(venue, [], permissionFor(principal.role, undefined));
}

/** PUT /client/venue/{id}: blank optional fields are cleared, a status left out is kept. */
export async function updateVenue(
  principal: ClientPrincipal,
  venueId: string,
  input: VenueInput,
): Promise<Venue> {
  const { venue, spaces, permission } = await venueToChange(principal, venueId);
  const status = input.status ?? venue.status;
  const saved = await saveVenue(
    venue,
    {
      name: input.name,
      phone_no: input.phone_no,
      address: input.address,
      city: input.city,
      state: input.state,
      zipcode: input.zipcode,
      country: input.country,
      timezone: input.timezone,
      venue_type: input.venue_type,
      status,
    },
    venueActivity(
      principal,
      venueId,
      status === venue.status
        ? `Updated venue ${input.name}`
        : `Updated venue ${input.name} (${status === 'Active' ? 'activated' : 'deactivated'})`,
    ),
  );
  return toVenue(saved, spaces, permission);
}

/** GET /client/venue/{id}/{status}: nothing is written when the venue already has the status. */
export async function setVenueStatus(
  principal: ClientPrincipal,
  venueId: string,
  status: VenueItem['status'],
): Promise<Venue> {
  const { venue, spaces, permission } = await venueToChange(principal, venueId);
  if (venue.status === status) return toVenue(venue, spaces, permission);
  const saved = await saveVenue(
    venue,
    {
      name: venue.name,
      phone_no: venue.phone_no,
      address: venue.address,
      city: venue.city,
      state: venue.state,
      zipcode: venue.zipcode,
      country: venue.country,
      timezone: venue.timezone,
      venue_type: venue.venue_type,
      status,
    },
    venueActivity(
      principal,
      venueId,
      `${status === 'Active' ? 'Activated' : 'Deactivated'} venue ${venue.name}`,
    ),
  );
  return toVenue(saved, spaces, permission);
}

// ---- Managers ---------------------------------------------------------------------------------

const isVenueManager = (user: UserItem) => user.user_role === 'Venue Manager';

/**
 * The managers of a venue whose managers the caller manages (404 unseen, 403 a Denied manager's)
 * and the account's people: one Query each, read together with the venue and the caller's
 * assignment to it, and joined in memory.
 */
async function managersOf(principal: ClientPrincipal, venueId: string) {
  const { accountId, role, userId } = principal;
  const [{ venue, assignment }, assignments, users] = await Promise.all([
    getVenueWithAssignment(accountId, venueId, role === 'Venue Manager' ? userId : undefined),
    listVenueManagerItems(accountId, venueId),
    listUserItems(accountId),
  ]);
  assertActsOnVenue(principal, venue, assignment);
  return { assignments, users };
}

/**
 * GET /client/venuemanagers/{venueId}: the venue's managers by name, each with their
 * permission; a person who is no longer a Venue Manager is left out (their assignment counts
 * again if they become one).
 */
export async function listVenueManagers(principal: ClientPrincipal, venueId: string): Promise<Assignment[]> {
  const { assignments, users } = await managersOf(principal, venueId);
  return assignedPeople(assignments, users, 'Venue Manager');
}

/** GET /client/availablemanager/{venueId}: the account's active Venue Managers not yet on the venue, by name. */
export async function listAvailableManagers(
  principal: ClientPrincipal,
  venueId: string,
): Promise<Array<Assignment['user']>> {
  const { assignments, users } = await managersOf(principal, venueId);
  const assigned = new Set(assignments.map((a) => a.user_id));
  return Promise.all(
    users
      .filter((user) => isVenueManager(user) && user.status === 'Active' && !assigned.has(user.user_id))
      .sort(byPerson)
      .map(toPerson),
  );
}

/** The venue, the person and their assignment, for a change of the venue's managers by the caller. */
async function managerChange(principal: ClientPrincipal, venueId: string, userId: string) {
  const found = await getVenueManagerChange(
    principal.accountId,
    venueId,
    userId,
    principal.role === 'Venue Manager' ? principal.userId : undefined,
  );
  const venue = assertActsOnVenue(principal, found.venue, found.callerAssignment);
  return { venue, user: found.user, assignment: found.assignment };
}

/**
 * GET /client/venuemanager/assign/{venueId}/{userId}: adds an active Venue Manager of the
 * account to the venue, Approved (404 for anyone else, 409 when already on it).
 */
export async function assignVenueManager(
  principal: ClientPrincipal,
  venueId: string,
  userId: string,
): Promise<Assignment> {
  const { venue, user, assignment } = await managerChange(principal, venueId, userId);
  if (!user || !isVenueManager(user) || user.status !== 'Active') throw notAManager();
  if (assignment) throw alreadyManager();
  const now = new Date().toISOString();
  await insertVenueManager(
    {
      account_id: principal.accountId,
      venue_id: venueId,
      user_id: userId,
      permission: 'Approved',
      created_at: now,
      updated_at: now,
    },
    venueActivity(principal, venueId, `Assigned ${fullName(user)} to ${venue.name}`),
  );
  return { user: await toPerson(user), permission: 'Approved' };
}

/**
 * GET /client/venuemanager/{venueId}/{userId}/{permission}: approves or denies a manager on the
 * venue; the manager's scope is read on each request, so it applies from their next one. A
 * manager does not change their own permission (403).
 */
export async function setVenueManagerPermission(
  principal: ClientPrincipal,
  venueId: string,
  userId: string,
  permission: AssignmentPermission,
): Promise<Assignment> {
  const { venue, user, assignment } = await managerChange(principal, venueId, userId);
  if (!user || !assignment) throw notAManager();
  if (userId === principal.userId) throw new Forbidden('You cannot change your own permission');
  if (assignment.permission !== permission) {
    await saveVenueManagerPermission(
      assignment,
      permission,
      venueActivity(principal, venueId, `${permission} ${fullName(user)} on ${venue.name}`),
    );
  }
  return { user: await toPerson(user), permission };
}

// ---- A person's venues and spaces -----------------------------------------------------------

/**
 * GET /client/userproperties/{id}: a Venue Manager's venues, an Event Coordinator's spaces (each
 * with its venue), with their permission, by venue name and space title; nothing for other
 * roles. Another account's user is not found.
 */
export async function listUserProperties(
  principal: ClientPrincipal,
  userId: string,
): Promise<UserProperty[]> {
  const { user, venues: managed, spaces: coordinated } = await assignmentsOf(userId);
  if (!user || user.account_id !== principal.accountId) throw new NotFound('User');
  const accountId = principal.accountId;
  const links =
    user.user_role === 'Venue Manager'
      ? managed.filter((a) => a.account_id === accountId).map((a) => ({ ...a, space_id: undefined }))
      : user.user_role === 'Event Coordinator'
        ? coordinated.filter((a) => a.account_id === accountId)
        : [];
  if (!links.length) return [];
  const { venues, spaces } = await getVenuesAndSpaces(
    accountId,
    links.map((link) => link.venue_id),
    links.flatMap((link) => (link.space_id ? [link.space_id] : [])),
  );
  const venueOf = new Map(venues.map((venue) => [venue.venue_id, venue]));
  const spaceOf = new Map(spaces.map((space) => [space.space_id, space]));
  return links
    .flatMap((link): UserProperty[] => {
      const venue = venueOf.get(link.venue_id);
      const space = link.space_id ? spaceOf.get(link.space_id) : undefined;
      if (!venue || (link.space_id && !space)) return [];
      return [
        {
          permission: link.permission,
          venue: { id: venue.venue_id, name: venue.name },
          space: space ? { id: space.space_id, title: space.title } : null,
        },
      ];
    })
    .sort(
      (a, b) =>
        byText(a.venue.name, b.venue.name) ||
        a.venue.id.localeCompare(b.venue.id) ||
        byText(a.space?.title ?? '', b.space?.title ?? ''),
    );
}
