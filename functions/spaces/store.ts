import type { AssignmentPermission } from '@shared/venues';
import { shardOf } from '@core/table/shards';
import { Conflict, Invalid, NotFound } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { batchGet } from '@core/table/batch-get';
import {
  db,
  type ConfigItemRecord,
  type PackageItem,
  type SpaceCoordinatorItem,
  type SpaceItem,
  type UserItem,
  type VenueItem,
  type VenueManagerItem,
} from '@core/table/entities';
import { changedMeanwhile, runSteps, type Entities, type Step } from '@core/table/transactions';
import { getVenueWithAssignment, venueWithAssignmentKeys } from '../venues';

/**
 * The writes of spaces and of their event coordinators (docs/data-model.md, patterns 29, 30, 35,
 * 37), and what a write reads first, in one consistent BatchGetItem. A space's changes are
 * conditioned on the `version` they read, so of two concurrent editors one is told to reload;
 * a new space moves the account's `total_spaces`, on condition that the package's `spaces_limit`
 * holds.
 */

/** What a space write reads: the space (and its venue), the caller's assignment, the package, items. */
export interface SpaceWriteReads {
  /** The space changed. */
  spaceId?: string;
  /** The venue: a new space's, or the one an edit names (read again when it is not the space's). */
  venueId?: string;
  /** Whether the venue itself is needed (its name in the answer); a manager's assignment always is. */
  venue?: boolean;
  /** A Venue Manager's id: their assignment to the venue is read. */
  managerId?: string;
  packageId?: string;
  amenities?: readonly string[];
  spaceTypes?: readonly string[];
  /** A user of the account, with their assignment to the space as its coordinator. */
  userId?: string;
}

export interface SpaceWriteContext {
  space: SpaceItem | null;
  venue: VenueItem | null;
  venueAssignment: VenueManagerItem | null;
  pkg: PackageItem | null;
  amenities: Map<string, ConfigItemRecord>;
  spaceTypes: Map<string, ConfigItemRecord>;
  user: UserItem | null;
  coordinator: SpaceCoordinatorItem | null;
}

type Key = Record<string, unknown>;

/**
 * Reads what a space write needs, strongly consistent, in one BatchGetItem of every key known
 * from the request (the space, the venue it names, the package, the items, a user and their
 * assignment). When the venue or a manager's assignment to it is needed and the request did not
 * name the space's venue, a second BatchGetItem reads them once the space is known, so the scope
 * is always the space's real venue.
 */
export async function readForSpaceWrite(
  accountId: string,
  reads: SpaceWriteReads,
): Promise<SpaceWriteContext> {
  const e = db().entities;
  const wantsVenue = reads.venue !== false || reads.managerId !== undefined;
  const keys: Key[] = [];
  if (reads.spaceId) keys.push(e.space.get({ account_id: accountId, space_id: reads.spaceId }).params().Key);
  if (reads.venueId && wantsVenue) {
    keys.push(...venueWithAssignmentKeys(accountId, reads.venueId, reads.managerId));
  }
  if (reads.packageId) keys.push(e.package.get({ package_id: reads.packageId }).params().Key);
  for (const id of reads.amenities ?? [])
    keys.push(e.configItem.get({ kind: 'amenities', item_id: id }).params().Key);
  for (const id of reads.spaceTypes ?? [])
    keys.push(e.configItem.get({ kind: 'spaceTypes', item_id: id }).params().Key);
  if (reads.userId) {
    keys.push(e.user.get({ account_id: accountId, user_id: reads.userId }).params().Key);
    if (reads.spaceId) {
      keys.push(
        e.spaceCoordinator
          .get({ account_id: accountId, space_id: reads.spaceId, user_id: reads.userId })
          .params().Key,
      );
    }
  }
  const context = emptyContext();
  for (const Item of await batchGet(keys, { consistent: true })) {
    const answer = { Item };
    const config = e.configItem.parse(answer).data;
    if (config) {
      (config.kind === 'amenities' ? context.amenities : context.spaceTypes).set(config.item_id, config);
      continue;
    }
    context.space ??= e.space.parse(answer).data;
    context.venue ??= e.venue.parse(answer).data;
    context.venueAssignment ??= e.venueManager.parse(answer).data;
    context.pkg ??= e.package.parse(answer).data;
    context.user ??= e.user.parse(answer).data;
    context.coordinator ??= e.spaceCoordinator.parse(answer).data;
  }
  const { space } = context;
  if (space && wantsVenue && space.venue_id !== reads.venueId) {
    const { venue, assignment } = await getVenueWithAssignment(accountId, space.venue_id, reads.managerId);
    context.venue = venue;
    context.venueAssignment = assignment;
  }
  return context;
}

function emptyContext(): SpaceWriteContext {
  return {
    space: null,
    venue: null,
    venueAssignment: null,
    pkg: null,
    amenities: new Map(),
    spaceTypes: new Map(),
    user: null,
    coordinator: null,
  };
}

/** The 422 of a package's limit on spaces. */
export function spacesLimitReached(limit: number): Invalid {
  return new Invalid({
    spaces_limit: `This package allows at most ${limit} space${limit === 1 ? '' : 's'}`,
  });
}

/** The 422 of a space added to a venue that is not active. */
export const venueInactive = () => new Invalid({ venue_id: 'Spaces can be added only to an active venue' });

/**
 * Writes a new space with the activity entry: on condition that its venue is still active, and
 * that the account's `total_spaces`, which it adds one to, stays within `spacesLimit`.
 */
export async function insertSpace(
  space: SpaceItem,
  spacesLimit: number | undefined,
  activity: ActivityInput,
  also: (e: Entities) => Step[] = () => [],
): Promise<void> {
  const { account_id, venue_id } = space;
  await runSteps(
    (e) => [
      ...also(e),
      [e.space.create(withWatches(space)).commit(), changedMeanwhile],
      [
        e.venue
          .check({ account_id, venue_id })
          .where(({ status }, { eq }) => eq(status, 'Active'))
          .commit(),
        venueInactive,
      ],
      spacesLimit === undefined
        ? [e.account.patch({ account_id }).add({ total_spaces: 1 }).commit(), changedMeanwhile]
        : [
            e.account
              .patch({ account_id })
              .add({ total_spaces: 1 })
              .where(({ total_spaces }, { lt }) => lt(total_spaces, spacesLimit))
              .commit(),
            () => spacesLimitReached(spacesLimit),
          ],
    ],
    activity,
  );
}

/** The attributes of a space its writes change (not its keys, venue, counters or version). */
export type SpaceChanges = Partial<
  Omit<
    SpaceItem,
    'account_id' | 'space_id' | 'venue_id' | 'created_at' | 'updated_at' | 'version' | 'total_screens'
  >
>;
/** The attributes a change may clear. */
export type SpaceOptionalField =
  | 'location'
  | 'capacity'
  | 'dimensions'
  | 'notes'
  | 'availiblity_start'
  | 'availiblity_end'
  | 'before_event'
  | 'after_event'
  | 'photo_uri'
  | 'cap_watch_shard'
  | 'cap_watch_id'
  | 'checkin_watch_shard'
  | 'checkin_watch_id'
  | 'calendar_account_id'
  | 'calendar_id'
  | 'calendar_title';

/**
 * The jobs' sparse indexes a space belongs in: the CAP job's (`capWatch`) while it is Active with
 * Active alert feeds that list a URL, the no-show job's (`checkInWatch`) while it is Active with
 * check-in Yes.
 */
type Watched = Pick<
  SpaceItem,
  'space_id' | 'status' | 'cap_alert_status' | 'cap_alert_urls' | 'check_in_window'
>;
const watches = [
  {
    fields: ['cap_watch_shard', 'cap_watch_id'] as const,
    applies: (space: Watched) =>
      space.status === 'Active' && space.cap_alert_status === 'Active' && space.cap_alert_urls.length > 0,
  },
  {
    fields: ['checkin_watch_shard', 'checkin_watch_id'] as const,
    applies: (space: Watched) => space.status === 'Active' && space.check_in_window === 'Yes',
  },
];

/** A new space with the keys of the jobs' indexes it belongs in. */
export function withWatches<Space extends Watched>(space: Space): Space {
  const watched = { ...space };
  for (const { fields, applies } of watches) {
    if (applies(space))
      Object.assign(watched, { [fields[0]]: shardOf(space.space_id), [fields[1]]: space.space_id });
  }
  return watched;
}

/** Whether a change puts the space into the jobs' indexes or takes it out of them. */
function watchChanges(
  current: SpaceItem,
  set: SpaceChanges,
): { set: SpaceChanges; remove: SpaceOptionalField[] } {
  const next = { ...current, ...set };
  const change: { set: SpaceChanges; remove: SpaceOptionalField[] } = { set: {}, remove: [] };
  for (const { fields, applies } of watches) {
    const [shard, id] = fields;
    if (applies(next) && current[shard] === undefined) {
      Object.assign(change.set, { [shard]: shardOf(current.space_id), [id]: current.space_id });
    } else if (!applies(next) && current[shard] !== undefined) change.remove.push(shard, id);
  }
  return change;
}

/**
 * Saves changes of a space with the activity entry, on condition that it is at the version read
 * (409 otherwise); bumps the version. Answers the space as written.
 */
export async function saveSpace(
  current: SpaceItem,
  changes: SpaceChanges,
  remove: readonly SpaceOptionalField[],
  activity: ActivityInput,
  also: (e: Entities) => Step[] = () => [],
): Promise<SpaceItem> {
  const updated_at = new Date().toISOString();
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as SpaceChanges;
  const watch = watchChanges(current, set);
  Object.assign(set, watch.set);
  const cleared = [...remove, ...watch.remove].filter((field) => current[field] !== undefined);
  const { account_id, space_id } = current;
  await runSteps(
    (e) => [
      [
        e.space
          .patch({ account_id, space_id })
          .set({ ...set, updated_at })
          .add({ version: 1 })
          .remove([...cleared])
          .where(({ version }, { eq }) => eq(version, current.version))
          .commit(),
        changedMeanwhile,
      ],
      ...also(e),
    ],
    activity,
  );
  const saved: SpaceItem = { ...current, ...set, updated_at, version: current.version + 1 };
  for (const field of cleared) delete saved[field];
  return saved;
}

const alreadyCoordinator = () => new Conflict('This Event Coordinator is already on the space');

/** The 422 of a person who may not coordinate a space. */
export const notCoordinator = () =>
  new Invalid({ user_id: 'Only an active Event Coordinator can be assigned to a space' });

/**
 * Writes a coordinator's assignment to a space with the activity entry: once per person and
 * space (409), on condition that the person is still an active Event Coordinator.
 */
export async function insertCoordinator(
  assignment: SpaceCoordinatorItem,
  activity: ActivityInput,
): Promise<void> {
  const { account_id, user_id } = assignment;
  await runSteps(
    (e) => [
      [e.spaceCoordinator.create(assignment).commit(), alreadyCoordinator],
      [
        e.user
          .check({ account_id, user_id })
          .where(
            ({ user_role, status }, { eq }) =>
              `${eq(user_role, 'Event Coordinator')} AND ${eq(status, 'Active')}`,
          )
          .commit(),
        notCoordinator,
      ],
    ],
    activity,
  );
}

/** Sets a coordinator's permission on a space, with the activity entry; answers it as written. */
export async function saveCoordinatorPermission(
  current: SpaceCoordinatorItem,
  permission: AssignmentPermission,
  activity: ActivityInput,
): Promise<SpaceCoordinatorItem> {
  const updated_at = new Date().toISOString();
  const { account_id, space_id, user_id } = current;
  await runSteps(
    (e) => [
      [
        e.spaceCoordinator.patch({ account_id, space_id, user_id }).set({ permission, updated_at }).commit(),
        () => new NotFound('Event Coordinator'),
      ],
    ],
    activity,
  );
  return { ...current, permission, updated_at };
}
