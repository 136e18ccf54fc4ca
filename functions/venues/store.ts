import { batchGet, pick } from '@core/table/batch-get';
import { newestAcrossShards } from '@core/table/shards';
import {
  db,
  type ScreenItem,
  type SpaceCoordinatorItem,
  type SpaceItem,
  type UserItem,
  type VenueItem,
  type VenueManagerItem,
} from '@core/table/entities';

/**
 * Reads of venues, spaces, screens and their assignments that the venues, spaces and screens
 * groups share (docs/data-model.md, patterns 28–37). Every list is one Query of the account's
 * partition or of an index, paged by DynamoDB only; nothing is read per listed item.
 */

/** The venues of an account, oldest first (ids are ULIDs): Query sk begins `VENUE#` (pattern 28). */
export async function listVenueItems(
  accountId: string,
  options: { newest?: number } = {},
): Promise<VenueItem[]> {
  const query = db().entities.venue.query.byAccount({ account_id: accountId });
  const { data } = options.newest
    ? await query.go({ order: 'desc', limit: options.newest })
    : await query.go({ pages: 'all' });
  return data;
}

/** The spaces of an account, oldest first: Query sk begins `SPACE#` (pattern 29). */
export async function listSpaceItems(
  accountId: string,
  options: { newest?: number } = {},
): Promise<SpaceItem[]> {
  const query = db().entities.space.query.byAccount({ account_id: accountId });
  const { data } = options.newest
    ? await query.go({ order: 'desc', limit: options.newest })
    : await query.go({ pages: 'all' });
  return data;
}

/** The spaces of one venue: Query gsi1 `ACCOUNT#<a>#VENUE#<v>#SPACES#` (pattern 30). */
export async function listVenueSpaceItems(accountId: string, venueId: string): Promise<SpaceItem[]> {
  const { data } = await db()
    .entities.space.query.byVenue({ account_id: accountId, venue_id: venueId })
    .go({ pages: 'all' });
  return data;
}

/** The screens of an account, oldest first: Query sk begins `SCREEN#` (pattern 31). */
export async function listScreenItems(
  accountId: string,
  options: { newest?: number } = {},
): Promise<ScreenItem[]> {
  const query = db().entities.screen.query.byAccount({ account_id: accountId });
  const { data } = options.newest
    ? await query.go({ order: 'desc', limit: options.newest })
    : await query.go({ pages: 'all' });
  return data;
}

/** The screens of one space: Query gsi1 `ACCOUNT#<a>#SPACE#<s>#SCREENS#` (pattern 32). */
export async function listSpaceScreenItems(accountId: string, spaceId: string): Promise<ScreenItem[]> {
  const { data } = await db()
    .entities.screen.query.bySpace({ account_id: accountId, space_id: spaceId })
    .go({ pages: 'all' });
  return data;
}

/**
 * The newest screens of every account: Query gsi4 `SCREENS#<shard>#` of every shard, newest first
 * and at most `limit` each, its keys read back from the table (pattern 33, the admin dashboard).
 */
export async function recentScreenItems(limit: number): Promise<ScreenItem[]> {
  return newestAcrossShards(
    limit,
    async (recent_shard) =>
      (await db().entities.screen.query.recent({ recent_shard }).go({ order: 'desc', limit, hydrate: true }))
        .data,
    (screen) => `${screen.created_at}#${screen.screen_id}`,
  );
}

/** The managers of a venue: Query sk begins `VMGR#<venueId>#` (pattern 34). */
export async function listVenueManagerItems(accountId: string, venueId: string): Promise<VenueManagerItem[]> {
  const { data } = await db()
    .entities.venueManager.query.byVenue({ account_id: accountId, venue_id: venueId })
    .go({ pages: 'all' });
  return data;
}

/** The coordinators of a space: Query sk begins `SCOORD#<spaceId>#` (pattern 35). */
export async function listCoordinatorItems(
  accountId: string,
  spaceId: string,
): Promise<SpaceCoordinatorItem[]> {
  const { data } = await db()
    .entities.spaceCoordinator.query.bySpace({ account_id: accountId, space_id: spaceId })
    .go({ pages: 'all' });
  return data;
}

/**
 * A person's assignments: the venues they manage and the spaces they coordinate, each with its
 * permission, in one Query of gsi1 `USER#<userId>#`, the collection `assignments` (pattern 36).
 * The user's own item shares the key and comes along as `user` (of whichever account: the caller
 * checks it is theirs).
 */
export async function assignmentsOf(
  userId: string,
): Promise<{ user: UserItem | null; venues: VenueManagerItem[]; spaces: SpaceCoordinatorItem[] }> {
  const { data } = await db().collections.assignments({ user_id: userId }).go({ pages: 'all' });
  return { user: data.user[0] ?? null, venues: data.venueManager, spaces: data.spaceCoordinator };
}

/** The keys of a venue and, when `userId` is given, of that person's assignment to it. */
export function venueWithAssignmentKeys(
  accountId: string,
  venueId: string,
  userId?: string,
): Array<Record<string, unknown>> {
  const { venue, venueManager } = db().entities;
  return [
    venue.get({ account_id: accountId, venue_id: venueId }).params().Key,
    ...(userId
      ? [venueManager.get({ account_id: accountId, venue_id: venueId, user_id: userId }).params().Key]
      : []),
  ];
}

/**
 * A venue and, when `userId` is given, that person's assignment to it, with one strongly
 * consistent BatchGetItem (pattern 37): what a scoped venue request reads.
 */
export async function getVenueWithAssignment(
  accountId: string,
  venueId: string,
  userId?: string,
): Promise<{ venue: VenueItem | null; assignment: VenueManagerItem | null }> {
  const { venue, venueManager } = db().entities;
  const items = await batchGet(venueWithAssignmentKeys(accountId, venueId, userId), { consistent: true });
  return {
    venue: pick(items, (answer) => venue.parse(answer)),
    assignment: userId ? pick(items, (answer) => venueManager.parse(answer)) : null,
  };
}

/**
 * A space, its venue, and, when `userId` is given, that person's assignments to both (a Venue
 * Manager's to the venue, an Event Coordinator's to the space): one BatchGetItem for the space
 * (its venue id is in the request or read first) — pattern 37.
 */
export async function getSpaceWithScope(
  accountId: string,
  spaceId: string,
  userId?: string,
): Promise<{
  space: SpaceItem | null;
  venue: VenueItem | null;
  venueAssignment: VenueManagerItem | null;
  spaceAssignment: SpaceCoordinatorItem | null;
}> {
  const { space: spaces, venue: venues, venueManager, spaceCoordinator } = db().entities;
  const { data: space } = await spaces
    .get({ account_id: accountId, space_id: spaceId })
    .go({ consistent: true });
  if (!space) return { space: null, venue: null, venueAssignment: null, spaceAssignment: null };
  const items = await batchGet(
    [
      venues.get({ account_id: accountId, venue_id: space.venue_id }).params().Key,
      ...(userId
        ? [
            venueManager.get({ account_id: accountId, venue_id: space.venue_id, user_id: userId }).params()
              .Key,
            spaceCoordinator.get({ account_id: accountId, space_id: spaceId, user_id: userId }).params().Key,
          ]
        : []),
    ],
    { consistent: true },
  );
  return {
    space,
    venue: pick(items, (answer) => venues.parse(answer)),
    venueAssignment: userId ? pick(items, (answer) => venueManager.parse(answer)) : null,
    spaceAssignment: userId ? pick(items, (answer) => spaceCoordinator.parse(answer)) : null,
  };
}

/**
 * Venues and spaces of an account by id, in one BatchGetItem (pattern 37 for many keys): a
 * coordinator's spaces with their venue, a person's venue and space links, the places of the
 * newest screens. Missing ones are left out.
 */
export async function getVenuesAndSpaces(
  accountId: string,
  venueIds: string[],
  spaceIds: string[],
): Promise<{ venues: VenueItem[]; spaces: SpaceItem[] }> {
  const { venue, space } = db().entities;
  const items = await batchGet([
    ...[...new Set(venueIds)].map((id) => venue.get({ account_id: accountId, venue_id: id }).params().Key),
    ...[...new Set(spaceIds)].map((id) => space.get({ account_id: accountId, space_id: id }).params().Key),
  ]);
  return {
    venues: items.map((Item) => venue.parse({ Item }).data).filter((item) => item !== null),
    spaces: items.map((Item) => space.parse({ Item }).data).filter((item) => item !== null),
  };
}

/**
 * What a change of a venue's manager reads, in one consistent BatchGetItem (pattern 37): the
 * venue, the person and their assignment to it, and the caller's own assignment when the caller
 * is a Venue Manager (`callerId`).
 */
export async function getVenueManagerChange(
  accountId: string,
  venueId: string,
  userId: string,
  callerId?: string,
): Promise<{
  venue: VenueItem | null;
  user: UserItem | null;
  assignment: VenueManagerItem | null;
  callerAssignment: VenueManagerItem | null;
}> {
  const { venue, user, venueManager } = db().entities;
  const assignmentKey = (id: string) =>
    venueManager.get({ account_id: accountId, venue_id: venueId, user_id: id }).params().Key;
  const items = await batchGet(
    [
      venue.get({ account_id: accountId, venue_id: venueId }).params().Key,
      user.get({ account_id: accountId, user_id: userId }).params().Key,
      assignmentKey(userId),
      ...(callerId && callerId !== userId ? [assignmentKey(callerId)] : []),
    ],
    { consistent: true },
  );
  const assignments = items.map((Item) => venueManager.parse({ Item }).data).filter((item) => item !== null);
  const assignmentOf = (id: string | undefined) => assignments.find((a) => a.user_id === id) ?? null;
  return {
    venue: pick(items, (answer) => venue.parse(answer)),
    user: pick(items, (answer) => user.parse(answer)),
    assignment: assignmentOf(userId),
    callerAssignment: assignmentOf(callerId),
  };
}
