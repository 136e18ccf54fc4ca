import { afterLinkSaved, linkPlan } from './calendar-link';
import { ulid } from 'ulid';
import type * as z from 'zod';
import type { Status } from '@shared/schemas/common';
import type {
  Assignment,
  CapAlertSettings,
  capAlertInputSchema,
  newSpaceSchema,
  Space,
  updateSpaceSchema,
} from '@shared/schemas/venues';
import type { AssignmentPermission } from '@shared/venues';
import type {
  ConfigItemRecord,
  SpaceCoordinatorItem,
  SpaceItem,
  UserItem,
  VenueItem,
  VenueManagerItem,
} from '@core/table/entities';
import { listUserItems } from '@core/people/user-store';
import {
  insertCoordinator,
  insertSpace,
  notCoordinator,
  readForSpaceWrite,
  saveCoordinatorPermission,
  saveSpace,
  spacesLimitReached,
  venueInactive,
  type SpaceChanges,
  type SpaceOptionalField,
  type SpaceWriteContext,
  type SpaceWriteReads,
} from './store';
import {
  getSpaceWithScope,
  getVenueWithAssignment,
  listCoordinatorItems,
  listSpaceItems,
  listVenueItems,
  listVenueSpaceItems,
} from '../venues';
import { Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import { messages } from '@shared/schemas/messages';
import {
  assertActsOnSpace,
  assertActsOnVenue,
  scopeOf,
  seesSpace,
  seesVenue,
  spacePermission,
  type Scope,
} from '../venues';
import { assignedPeople, byPerson, byText, fullName, toPerson } from '@core/people/names';
import { freeSchedule, readSchedules, type SpaceSchedule } from '../bookings';
import { acceptUpload, fileUrl, releaseFiles, savingFiles } from '@core/files/uploads';

/**
 * Spaces (docs/product/client-area.md §2 "Space form", "CAP alert panel", §3 Space, §5, §7 "Spaces"): the spaces
 * of the account's venues, their event coordinators and their alert feeds. Who sees and acts on
 * which space is the scope rule (functions/venues/scope.ts): an Account Admin every space, a Venue Manager the
 * spaces of their venues (acting where Approved), an Event Coordinator their own spaces.
 */
type NewSpace = z.output<typeof newSpaceSchema>;
type SpaceUpdate = z.output<typeof updateSpaceSchema>;
type CapAlertChanges = z.output<typeof capAlertInputSchema>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/**
 * A space as the API answers it, with its venue's name, the caller's permission on it and what its
 * bookings make of it (functions/bookings/space-schedule.ts).
 */
async function toSpace(
  item: SpaceItem,
  venueName: string,
  permission: AssignmentPermission | null,
  schedule: SpaceSchedule,
): Promise<Space> {
  return {
    id: item.space_id,
    venue_id: item.venue_id,
    venue_name: venueName,
    title: item.title,
    location: orNull(item.location),
    capacity: orNull(item.capacity),
    dimensions: orNull(item.dimensions),
    handicap_accessible: item.handicap_accessible,
    amenities: item.amenities.join(','),
    space_type: item.space_type.join(','),
    notes: orNull(item.notes),
    availiblity_start: orNull(item.availiblity_start),
    availiblity_end: orNull(item.availiblity_end),
    check_in_window: item.check_in_window,
    before_event: orNull(item.before_event),
    after_event: orNull(item.after_event),
    calendar_account_id: orNull(item.calendar_account_id),
    calendar_id: orNull(item.calendar_id),
    calendar_title: orNull(item.calendar_title),
    photo: orNull(item.photo_uri),
    photo_url: await fileUrl(item.photo_uri),
    calendar_color: item.calendar_color,
    status: item.status,
    availability: schedule.availability,
    next_schedule: schedule.next_schedule,
    screens: item.total_screens,
    slideshow_id: orNull(item.slideshow_id),
    slideshow_status: item.slideshow_status === 1 ? 1 : 0,
    cap_alert_urls: item.cap_alert_urls.map(({ url }) => ({ url })),
    cap_alert_status: item.cap_alert_status,
    permission,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

const byTitle = (a: SpaceItem, b: SpaceItem) =>
  byText(a.title, b.title) || a.space_id.localeCompare(b.space_id);
const newestFirst = (a: SpaceItem, b: SpaceItem) => b.space_id.localeCompare(a.space_id);

/**
 * The account's spaces the caller sees (the caller's scope, one Query of venues, one of spaces
 * and one of the account's bookings ahead, read together and joined in memory), each with the
 * caller's permission and its schedule, in `order`.
 */
async function spacesInScope(
  principal: ClientPrincipal,
  keep: (space: SpaceItem, venue: VenueItem | undefined, scope: Scope) => boolean,
  order: (a: SpaceItem, b: SpaceItem) => number,
  limit?: number,
): Promise<Space[]> {
  // An Account Admin's newest spaces are theirs: only those are read.
  const newestOnly = principal.role === 'Account Admin' && limit !== undefined;
  const [scope, venues, spaces, scheduleOf] = await Promise.all([
    scopeOf(principal),
    listVenueItems(principal.accountId),
    listSpaceItems(principal.accountId, newestOnly ? { newest: limit } : {}),
    readSchedules({ accountId: principal.accountId }),
  ]);
  const venueById = new Map(venues.map((venue) => [venue.venue_id, venue]));
  const kept = spaces
    .filter((space) => keep(space, venueById.get(space.venue_id), scope))
    .sort(order)
    .slice(0, limit);
  return Promise.all(
    kept.map((space) => {
      const venue = venueById.get(space.venue_id);
      return toSpace(
        space,
        venue?.name ?? '',
        spacePermission(principal, scope, space),
        scheduleOf(space.space_id, venue?.timezone),
      );
    }),
  );
}

/** GET /client/allspaces: every space the caller sees, by title. */
export function listSpaces(principal: ClientPrincipal): Promise<Space[]> {
  return spacesInScope(principal, (space, _venue, scope) => seesSpace(scope, space), byTitle);
}

/** GET /client/recentspaces: the five newest of the caller's spaces, newest first. */
export function listRecentSpaces(principal: ClientPrincipal): Promise<Space[]> {
  return spacesInScope(principal, (space, _venue, scope) => seesSpace(scope, space), newestFirst, 5);
}

/**
 * Whether the caller may book in a space: an active space of an active venue where their
 * permission is Approved (an Account Admin's always is; a Viewer has none).
 */
function booksIn(principal: ClientPrincipal, scope: Scope, space: SpaceItem, venue: VenueItem | undefined) {
  return (
    space.status === 'Active' &&
    venue?.status === 'Active' &&
    spacePermission(principal, scope, space) === 'Approved'
  );
}

/** GET /client/myspaces: the spaces the caller may book in, by title. */
export function listMySpaces(principal: ClientPrincipal): Promise<Space[]> {
  return spacesInScope(principal, (space, venue, scope) => booksIn(principal, scope, space, venue), byTitle);
}

/**
 * GET /client/myspaces/{venueId}: the spaces of one venue the caller may book in, by title (one
 * Query of the venue's spaces and one of its bookings ahead); a venue the caller does not see is
 * not found.
 */
export async function listMyVenueSpaces(principal: ClientPrincipal, venueId: string): Promise<Space[]> {
  const [scope, { venue }, spaces, scheduleOf] = await Promise.all([
    scopeOf(principal),
    getVenueWithAssignment(principal.accountId, venueId),
    listVenueSpaceItems(principal.accountId, venueId),
    readSchedules({ accountId: principal.accountId, venueId }),
  ]);
  if (!venue || !seesVenue(scope, venueId)) throw new NotFound('Venue');
  return Promise.all(
    spaces
      .filter((space) => booksIn(principal, scope, space, venue))
      .sort(byTitle)
      .map((space) =>
        toSpace(
          space,
          venue.name,
          spacePermission(principal, scope, space),
          scheduleOf(space.space_id, venue.timezone),
        ),
      ),
  );
}

/**
 * The caller's permission on a space they see: an Account Admin's is Approved, a Venue Manager's
 * their venue's, an Event Coordinator's their own; a space they do not see is not found.
 */
function seenPermission(
  principal: ClientPrincipal,
  found: {
    space: SpaceItem | null;
    venueAssignment: VenueManagerItem | null;
    spaceAssignment: SpaceCoordinatorItem | null;
  },
): { space: SpaceItem; permission: AssignmentPermission } {
  const { space } = found;
  if (!space) throw new NotFound('Space');
  if (principal.role === 'Account Admin') return { space, permission: 'Approved' };
  const assignment =
    principal.role === 'Venue Manager'
      ? found.venueAssignment
      : principal.role === 'Event Coordinator'
        ? found.spaceAssignment
        : null;
  if (!assignment) throw new NotFound('Space');
  return { space, permission: assignment.permission };
}

/** A space and its venue as the caller sees them (one GetItem and one BatchGetItem). */
export async function seenSpace(principal: ClientPrincipal, spaceId: string) {
  const found = await getSpaceWithScope(
    principal.accountId,
    spaceId,
    principal.role === 'Account Admin' ? undefined : principal.userId,
  );
  return { ...seenPermission(principal, found), venue: found.venue };
}

/** The bookings ahead of one space (one Query of its index), read alongside the space itself. */
const scheduleRead = (principal: ClientPrincipal, spaceId: string) =>
  readSchedules({ accountId: principal.accountId, spaceId });

/** GET /client/space/{id} */
export async function getSpace(principal: ClientPrincipal, spaceId: string): Promise<Space> {
  const [{ space, venue, permission }, scheduleOf] = await Promise.all([
    seenSpace(principal, spaceId),
    scheduleRead(principal, spaceId),
  ]);
  return toSpace(space, venue?.name ?? '', permission, scheduleOf(space.space_id, venue?.timezone));
}

/** The manager whose venue assignment a write reads: the caller, when a Venue Manager. */
const managerOf = (principal: ClientPrincipal) =>
  principal.role === 'Account Admin' ? undefined : principal.userId;

/**
 * Amenities and space types must each be an existing, active item of their list; ids a space
 * already has stay valid even after their item was deactivated.
 */
function assertItems(
  context: SpaceWriteContext,
  input: { amenities: string[]; space_type: string[] },
  current?: SpaceItem,
): void {
  const fields: Record<string, string> = {};
  const valid = (ids: string[], items: Map<string, ConfigItemRecord>, kept: readonly string[] = []) =>
    ids.every((id) => kept.includes(id) || items.get(id)?.status === 'Active');
  if (!valid(input.amenities, context.amenities, current?.amenities)) fields.amenities = messages.invalid;
  if (!valid(input.space_type, context.spaceTypes, current?.space_type)) fields.space_type = messages.invalid;
  if (Object.keys(fields).length) throw new Invalid(fields);
}

/** The form's fields as stored: the optional ones left blank are cleared. */
function formFields(input: NewSpace | SpaceUpdate): { set: SpaceChanges; remove: SpaceOptionalField[] } {
  const set: SpaceChanges = {
    title: input.title,
    location: input.location,
    capacity: input.capacity,
    dimensions: input.dimensions,
    handicap_accessible: input.handicap_accessible,
    amenities: input.amenities,
    space_type: input.space_type,
    notes: input.notes,
    availiblity_start: input.availiblity_start,
    availiblity_end: input.availiblity_end,
    check_in_window: input.check_in_window,
    before_event: input.before_event,
    after_event: input.after_event,
    photo_uri: input.photo_uri,
    calendar_color: input.calendar_color,
    status: input.status,
  };
  const optional: SpaceOptionalField[] = [
    'location',
    'capacity',
    'dimensions',
    'notes',
    'availiblity_start',
    'availiblity_end',
    'before_event',
    'after_event',
    'photo_uri',
  ];
  return { set, remove: optional.filter((field) => set[field] === undefined) };
}

/**
 * POST /client/newspace/{venueId}: adds a space to an active venue the caller acts on, within the
 * package's `spaces_limit` (every space of the account counts, active or not).
 */
export async function createSpace(
  principal: ClientPrincipal,
  venueId: string,
  input: NewSpace,
): Promise<Space> {
  const { accountId, account } = principal;
  const context = await readForSpaceWrite(accountId, {
    venueId,
    managerId: managerOf(principal),
    packageId: account.package_id,
    amenities: input.amenities,
    spaceTypes: input.space_type,
  });
  const venue = assertActsOnVenue(principal, context.venue, context.venueAssignment);
  if (venue.status !== 'Active') throw venueInactive();
  assertItems(context, input);
  if (!context.pkg) throw new Invalid({ spaces_limit: "The account's package no longer exists" });
  const limit = context.pkg.spaces_limit;
  if (limit !== undefined && account.total_spaces >= limit) throw spacesLimitReached(limit);
  const photo = input.photo_uri
    ? await acceptUpload(principal, 'space-photo', 'photo_uri', input.photo_uri)
    : undefined;
  const now = new Date().toISOString();
  const { set } = formFields(input);
  const space: SpaceItem = {
    ...set,
    photo_uri: photo?.key,
    account_id: accountId,
    space_id: ulid(),
    venue_id: venue.venue_id,
    title: input.title,
    handicap_accessible: input.handicap_accessible,
    amenities: input.amenities,
    space_type: input.space_type,
    check_in_window: input.check_in_window,
    calendar_color: input.calendar_color,
    status: input.status ?? 'Active',
    slideshow_status: 0,
    cap_alert_urls: [],
    cap_alert_status: 'Inactive',
    total_screens: 0,
    version: 0,
    created_at: now,
    updated_at: now,
  };
  const link = await linkPlan(space, input, context.pkg);
  Object.assign(space, link.set);
  await savingFiles([photo], () =>
    insertSpace(
      space,
      limit,
      {
        principal,
        component: 'Space',
        componentId: space.space_id,
        activity: `Created space ${space.title} in ${venue.name}`,
      },
      link.steps,
    ),
  );
  return toSpace(space, venue.name, 'Approved', freeSchedule);
}

/** A space the caller acts on, with what the write needs read alongside. */
async function spaceToChange(
  principal: ClientPrincipal,
  spaceId: string,
  reads: Omit<SpaceWriteReads, 'spaceId' | 'managerId'> = {},
) {
  const context = await readForSpaceWrite(principal.accountId, {
    ...reads,
    spaceId,
    managerId: managerOf(principal),
  });
  const space = assertActsOnSpace(principal, { ...context, spaceAssignment: null });
  return { context, space, venueName: context.venue?.name ?? '', zone: context.venue?.timezone };
}

const activityOf = (principal: ClientPrincipal, space: SpaceItem, activity: string) => ({
  principal,
  component: 'Space',
  componentId: space.space_id,
  activity,
});

/** PUT /client/space/{id}: changes the form's fields; the venue stays the one it was saved in. */
export async function updateSpace(
  principal: ClientPrincipal,
  spaceId: string,
  input: SpaceUpdate,
): Promise<Space> {
  const [{ context, space, venueName, zone }, scheduleOf] = await Promise.all([
    spaceToChange(principal, spaceId, {
      venueId: input.venue_id,
      amenities: input.amenities,
      spaceTypes: input.space_type,
      // Linking a calendar needs the package's third-party integration.
      ...(input.calendar_sync === 'Yes' ? { packageId: principal.account.package_id } : {}),
    }),
    scheduleRead(principal, spaceId),
  ]);
  if (input.venue_id && input.venue_id !== space.venue_id) {
    throw new Invalid({ venue_id: 'The venue of a space cannot be changed' });
  }
  assertItems(context, input, space);
  const photo =
    input.photo_uri && input.photo_uri !== space.photo_uri
      ? await acceptUpload(principal, 'space-photo', 'photo_uri', input.photo_uri)
      : undefined;
  const { set, remove } = formFields(photo ? { ...input, photo_uri: photo.key } : input);
  const saved = await savingFiles([photo], async () => {
    const link = await linkPlan(space, input, context.pkg);
    const written = await saveSpace(
      space,
      { ...set, ...link.set, status: input.status ?? space.status },
      [...remove, ...link.remove],
      activityOf(principal, space, `Updated space ${input.title}`),
      link.steps,
    );
    await afterLinkSaved(space, link);
    return written;
  });
  // A photo replaced or cleared is deleted.
  if (saved.photo_uri !== space.photo_uri) await releaseFiles(principal.accountId, [space.photo_uri]);
  return toSpace(saved, venueName, 'Approved', scheduleOf(spaceId, zone));
}

/** GET /client/space/{id}/{status} */
export async function setSpaceStatus(
  principal: ClientPrincipal,
  spaceId: string,
  status: Status,
): Promise<Space> {
  const [{ space, venueName, zone }, scheduleOf] = await Promise.all([
    spaceToChange(principal, spaceId),
    scheduleRead(principal, spaceId),
  ]);
  const schedule = scheduleOf(spaceId, zone);
  if (space.status === status) return toSpace(space, venueName, 'Approved', schedule);
  const saved = await saveSpace(
    space,
    { status },
    [],
    activityOf(principal, space, `${status === 'Active' ? 'Activated' : 'Deactivated'} space ${space.title}`),
  );
  return toSpace(saved, venueName, 'Approved', schedule);
}

// ---- Event coordinators ---------------------------------------------------------------------

const isCoordinator = (user: UserItem) => user.user_role === 'Event Coordinator';

/** The space's coordinators (one Query) and the account's people (one Query), joined in memory. */
async function coordinatorsOf(principal: ClientPrincipal, spaceId: string) {
  // Read together: nothing is answered unless the caller acts on the space.
  const [, assignments, users] = await Promise.all([
    spaceToChange(principal, spaceId, { venue: false }),
    listCoordinatorItems(principal.accountId, spaceId),
    listUserItems(principal.accountId),
  ]);
  return { assignments, users };
}

/**
 * GET /client/eventcoordinators/{spaceId}: the people coordinating the space, by name, with their
 * permission (someone whose role has since changed no longer coordinates and is left out).
 */
export async function listCoordinators(principal: ClientPrincipal, spaceId: string): Promise<Assignment[]> {
  const { assignments, users } = await coordinatorsOf(principal, spaceId);
  return assignedPeople(assignments, users, 'Event Coordinator');
}

/** GET /client/availablecoordinator/{spaceId}: the account's active Event Coordinators not yet on it. */
export async function listAvailableCoordinators(
  principal: ClientPrincipal,
  spaceId: string,
): Promise<Array<Assignment['user']>> {
  const { assignments, users } = await coordinatorsOf(principal, spaceId);
  const assigned = new Set(assignments.map((a) => a.user_id));
  return Promise.all(
    users
      .filter((user) => isCoordinator(user) && user.status === 'Active' && !assigned.has(user.user_id))
      .sort(byPerson)
      .map(toPerson),
  );
}

/** GET /client/eventcoordinator/assign/{spaceId}/{userId}: adds an active Event Coordinator, Approved. */
export async function assignCoordinator(
  principal: ClientPrincipal,
  spaceId: string,
  userId: string,
): Promise<Assignment> {
  const { context, space } = await spaceToChange(principal, spaceId, { userId, venue: false });
  const { user } = context;
  if (!user) throw new NotFound('User');
  if (!isCoordinator(user) || user.status !== 'Active') throw notCoordinator();
  const now = new Date().toISOString();
  const assignment: SpaceCoordinatorItem = {
    account_id: principal.accountId,
    space_id: space.space_id,
    venue_id: space.venue_id,
    user_id: user.user_id,
    permission: 'Approved',
    created_at: now,
    updated_at: now,
  };
  await insertCoordinator(
    assignment,
    activityOf(principal, space, `Added ${fullName(user)} as Event Coordinator of space ${space.title}`),
  );
  return { user: await toPerson(user), permission: assignment.permission };
}

/**
 * GET /client/eventcoordinator/{spaceId}/{userId}/{permission}: Approved or Denied; the
 * coordinator's scope is read on each of their requests, so it applies from their next one.
 */
export async function setCoordinatorPermission(
  principal: ClientPrincipal,
  spaceId: string,
  userId: string,
  permission: AssignmentPermission,
): Promise<Assignment> {
  const { context, space } = await spaceToChange(principal, spaceId, { userId, venue: false });
  const { user, coordinator } = context;
  if (!user || !coordinator) throw new NotFound('Event Coordinator');
  const saved =
    coordinator.permission === permission
      ? coordinator
      : await saveCoordinatorPermission(
          coordinator,
          permission,
          activityOf(
            principal,
            space,
            `${permission === 'Approved' ? 'Approved' : 'Denied'} ${fullName(user)} as Event Coordinator of space ${space.title}`,
          ),
        );
  return { user: await toPerson(user), permission: saved.permission };
}

// ---- Alert feeds ------------------------------------------------------------------------------

const capSettings = (space: SpaceItem): CapAlertSettings => ({
  cap_alert_urls: space.cap_alert_urls.map(({ url }) => ({ url })),
  cap_alert_status: space.cap_alert_status,
});

/** GET /client/capAlertURL/{spaceId}: the space's alert feeds, for whoever sees the space. */
export async function getCapAlerts(principal: ClientPrincipal, spaceId: string): Promise<CapAlertSettings> {
  return capSettings((await seenSpace(principal, spaceId)).space);
}

/** POST /client/capAlertURL/{spaceId}: replaces the space's alert feeds and their status. */
export async function saveCapAlerts(
  principal: ClientPrincipal,
  spaceId: string,
  input: CapAlertChanges,
): Promise<CapAlertSettings> {
  const { space } = await spaceToChange(principal, spaceId, { venue: false });
  const saved = await saveSpace(
    space,
    {
      cap_alert_urls: input.cap_alert_urls.map(({ url }) => ({ url })),
      cap_alert_status: input.cap_alert_status,
    },
    [],
    activityOf(principal, space, `Saved the alert settings of space ${space.title}`),
  );
  return capSettings(saved);
}

/**
 * POST /client/calendar/unlink/{spaceId}: the space stops syncing with its calendar (its link
 * fields cleared, docs/product/client-area.md §4); the events read from that calendar leave it. Unlinking a space
 * that syncs with nothing answers it as it is.
 */
export async function unlinkSpaceCalendar(principal: ClientPrincipal, spaceId: string): Promise<Space> {
  const [{ space, venueName, zone }, scheduleOf] = await Promise.all([
    spaceToChange(principal, spaceId),
    scheduleRead(principal, spaceId),
  ]);
  const link = await linkPlan(space, { calendar_sync: 'No' }, null);
  const saved = link.remove.length
    ? await saveSpace(
        space,
        {},
        link.remove,
        activityOf(
          principal,
          space,
          `Unlinked the calendar ${space.calendar_title ?? ''} from ${space.title}`,
        ),
        link.steps,
      )
    : space;
  await afterLinkSaved(space, link);
  return toSpace(saved, venueName, 'Approved', scheduleOf(spaceId, zone));
}
