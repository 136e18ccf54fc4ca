import { messages } from '@shared/schemas/messages';
import type { AssignmentPermission } from '@shared/venues';
import { Conflict, Invalid, NotFound } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import type { VenueItem, VenueManagerItem } from '@core/table/entities';
import { statsChange } from '@core/table/platform-counters';
import { changedMeanwhile, runSteps, type Entities, type Step } from '@core/table/transactions';

/**
 * The writes of venues and their managers, each one transaction with its activity entry: the
 * account's `total_venues` (the package's `venue_limit` is a condition on it) and the platform's
 * `active_venues` move in the transaction of the change; a venue type must still be an active
 * one when the change commits; a venue changes only from the version that was read.
 */

/** The 422 of a package's limit on venues. */
export function venueLimitReached(limit: number): Invalid {
  return new Invalid({ name: `This package allows at most ${limit} venue${limit === 1 ? '' : 's'}` });
}

export const alreadyManager = () => new Conflict('This Venue Manager is already assigned to the venue');
export const notAManager = () => new NotFound('Venue Manager');

/** The venue type must exist and be active when the change commits. */
function activeVenueType(e: Entities, typeId: string): Step {
  return [
    e.configItem
      .check({ kind: 'venueTypes', item_id: typeId })
      .where(({ status }, { eq }) => eq(status, 'Active'))
      .commit(),
    () => new Invalid({ venue_type: messages.invalid }),
  ];
}

/** The platform's active venues move with a venue's status. */
function activeVenues(e: Entities, delta: number): Step[] {
  return delta ? [[statsChange(e, { active_venues: delta }), changedMeanwhile]] : [];
}

/**
 * Writes a new venue: the venue, the account's `total_venues` (held within `limit` when the
 * package has one), the platform's active venues when it is active, and the activity entry.
 */
export async function insertVenue(
  venue: VenueItem,
  limit: number | undefined,
  activity: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [e.venue.create(venue).commit(), changedMeanwhile],
      [
        (limit === undefined
          ? e.account.patch({ account_id: venue.account_id }).add({ total_venues: 1 })
          : e.account
              .patch({ account_id: venue.account_id })
              .add({ total_venues: 1 })
              .where(({ total_venues }, { lte }) => lte(total_venues, limit - 1))
        ).commit(),
        limit === undefined ? changedMeanwhile : () => venueLimitReached(limit),
      ],
      ...(venue.venue_type ? [activeVenueType(e, venue.venue_type)] : []),
      ...activeVenues(e, venue.status === 'Active' ? 1 : 0),
    ],
    activity,
  );
}

/** The fields of a venue its form changes. */
type VenueFields = Pick<
  VenueItem,
  | 'name'
  | 'phone_no'
  | 'address'
  | 'city'
  | 'state'
  | 'zipcode'
  | 'country'
  | 'timezone'
  | 'venue_type'
  | 'status'
>;
const optionalFields = ['phone_no', 'address', 'city', 'state', 'zipcode', 'country', 'venue_type'] as const;

/**
 * Saves a venue's fields from the version that was read (409 otherwise): blank optional fields
 * are removed; a new venue type must be active; a status change moves the platform's active
 * venues. Answers the venue as written.
 */
export async function saveVenue(
  current: VenueItem,
  changes: VenueFields,
  activity: ActivityInput,
): Promise<VenueItem> {
  const updated_at = new Date().toISOString();
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<VenueFields>;
  const remove = optionalFields.filter(
    (field) => changes[field] === undefined && current[field] !== undefined,
  );
  const typeChanged = changes.venue_type !== undefined && changes.venue_type !== current.venue_type;
  const statusDelta = changes.status === current.status ? 0 : changes.status === 'Active' ? 1 : -1;
  const { account_id, venue_id } = current;
  await runSteps(
    (e) => [
      [
        e.venue
          .patch({ account_id, venue_id })
          .set({ ...set, updated_at })
          .remove(remove)
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, current.version))
          .commit(),
        changedMeanwhile,
      ],
      ...(typeChanged && changes.venue_type ? [activeVenueType(e, changes.venue_type)] : []),
      ...activeVenues(e, statusDelta),
    ],
    activity,
  );
  const saved: VenueItem = { ...current, ...set, version: current.version + 1, updated_at };
  for (const field of remove) delete saved[field];
  return saved;
}

/**
 * Adds a manager to a venue: once only (409), and only while the person is an active Venue
 * Manager of the account when the change commits (404 otherwise).
 */
export async function insertVenueManager(item: VenueManagerItem, activity: ActivityInput): Promise<void> {
  await runSteps(
    (e) => [
      [e.venueManager.create(item).commit(), alreadyManager],
      [
        e.user
          .check({ account_id: item.account_id, user_id: item.user_id })
          .where(
            ({ user_role, status }, { eq }) =>
              `${eq(user_role, 'Venue Manager')} AND ${eq(status, 'Active')}`,
          )
          .commit(),
        notAManager,
      ],
    ],
    activity,
  );
}

/** Approves or denies a manager on a venue; answers the assignment as written. */
export async function saveVenueManagerPermission(
  current: VenueManagerItem,
  permission: AssignmentPermission,
  activity: ActivityInput,
): Promise<VenueManagerItem> {
  const updated_at = new Date().toISOString();
  const { account_id, venue_id, user_id } = current;
  await runSteps(
    (e) => [
      [
        e.venueManager.patch({ account_id, venue_id, user_id }).set({ permission, updated_at }).commit(),
        notAManager,
      ],
    ],
    activity,
  );
  return { ...current, permission, updated_at };
}
