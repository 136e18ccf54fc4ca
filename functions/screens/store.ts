import { Conflict } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { batchGet } from '@core/table/batch-get';
import {
  db,
  type AccountItem,
  type LicenceItem,
  type ScreenItem,
  type SpaceItem,
  type VenueItem,
  type VenueManagerItem,
} from '@core/table/entities';
import { changedMeanwhile, runSteps, type Entities, type Step } from '@core/table/transactions';

/**
 * Screens as their routes change them (docs/data-model.md, patterns 31–33 and 38). A screen's
 * activation code has a guard `SCREENCODE#` / `GUARD#<code>#`; an active screen holds one of the
 * account's licences, which names the screen back (`screen_id`, `screen_name`); the account and
 * the space count their screens (`total_screens`). All of it moves in the change's transaction.
 */

/** The guard scope of activation codes: one screen of the platform per code. */
export const screenCodeScope = 'SCREENCODE';

export const codeTaken = () =>
  new Conflict('This screen ID number is already in use', {
    screen_id_no: 'This screen ID number is already in use',
  });

/** The licence chosen was taken by another screen meanwhile: choose again. */
export class LicenceTaken extends Conflict {
  constructor() {
    super('The license was taken by another screen meanwhile. Please try again');
  }
}

/** What a screen change reads, all in one BatchGetItem; absent items are null. */
export interface ScreenContext {
  screen: ScreenItem | null;
  venues: VenueItem[];
  spaces: SpaceItem[];
  managers: VenueManagerItem[];
  /** Who holds the activation code asked about, if anyone. */
  codeOwner: string | null;
}

/**
 * The items a screen change depends on, by id, in one strongly consistent BatchGetItem: the
 * screen, venues and spaces, the caller's manager assignments to venues, and the guard of an
 * activation code (patterns 37 and 38).
 */
export async function readScreenContext(
  accountId: string,
  wanted: {
    screenId?: string;
    venueIds?: string[];
    spaceIds?: string[];
    managerOf?: { userId: string; venueIds: string[] };
    code?: string;
  },
): Promise<ScreenContext> {
  const { screen, venue, space, venueManager, guard } = db().entities;
  const account_id = accountId;
  const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])];
  const keys = [
    ...(wanted.screenId ? [screen.get({ account_id, screen_id: wanted.screenId }).params().Key] : []),
    ...unique(wanted.venueIds).map((venue_id) => venue.get({ account_id, venue_id }).params().Key),
    ...unique(wanted.spaceIds).map((space_id) => space.get({ account_id, space_id }).params().Key),
    ...unique(wanted.managerOf?.venueIds).map(
      (venue_id) =>
        venueManager.get({ account_id, venue_id, user_id: wanted.managerOf!.userId }).params().Key,
    ),
    ...(wanted.code ? [guard.get({ scope: screenCodeScope, value: wanted.code }).params().Key] : []),
  ];
  const items = keys.length ? await batchGet(keys, { consistent: true }) : [];
  const found: ScreenContext = { screen: null, venues: [], spaces: [], managers: [], codeOwner: null };
  for (const Item of items) {
    const asScreen = screen.parse({ Item }).data;
    if (asScreen) found.screen = asScreen;
    const asVenue = venue.parse({ Item }).data;
    if (asVenue) found.venues.push(asVenue);
    const asSpace = space.parse({ Item }).data;
    if (asSpace) found.spaces.push(asSpace);
    const asManager = venueManager.parse({ Item }).data;
    if (asManager) found.managers.push(asManager);
    const asGuard = guard.parse({ Item }).data;
    if (asGuard) found.codeOwner = asGuard.owner_id;
  }
  return found;
}

/**
 * The accounts, venues and spaces of screens of any accounts, by key, in one BatchGetItem (the
 * admin dashboard's recent screens).
 */
export async function getPlacesOf(
  screens: Array<Pick<ScreenItem, 'account_id' | 'venue_id' | 'space_id'>>,
): Promise<{ accounts: AccountItem[]; venues: VenueItem[]; spaces: SpaceItem[] }> {
  const { account, venue, space } = db().entities;
  const keys = new Map<string, Record<string, unknown>>();
  for (const { account_id, venue_id, space_id } of screens) {
    keys.set(`A#${account_id}`, account.get({ account_id }).params().Key);
    keys.set(`V#${account_id}#${venue_id}`, venue.get({ account_id, venue_id }).params().Key);
    keys.set(`S#${account_id}#${space_id}`, space.get({ account_id, space_id }).params().Key);
  }
  const items = keys.size ? await batchGet([...keys.values()]) : [];
  return {
    accounts: items.map((Item) => account.parse({ Item }).data).filter((a) => a !== null),
    venues: items.map((Item) => venue.parse({ Item }).data).filter((v) => v !== null),
    spaces: items.map((Item) => space.parse({ Item }).data).filter((s) => s !== null),
  };
}

/** The conditions the scope of a change rests on: the venue and space chosen, the manager's say. */
export interface Placement {
  /** The venue and space the screen is put on, when newly chosen: both must still be active. */
  chosen?: { venueId: string; spaceId: string };
  /** A Venue Manager's assignment to each venue the change touches must still be Approved. */
  manager?: { userId: string; venueIds: string[] };
}

/** The name a licence shows for its screen: the screen's name, or its activation code without one. */
const licenceScreenName = (screen: Pick<ScreenItem, 'name' | 'screen_id_no'>) =>
  screen.name ?? screen.screen_id_no;

function placementSteps(e: Entities, accountId: string, placement: Placement): Step[] {
  const account_id = accountId;
  const steps: Step[] = [];
  if (placement.chosen) {
    steps.push([
      e.venue
        .check({ account_id, venue_id: placement.chosen.venueId })
        .where(({ status }, { eq }) => eq(status, 'Active'))
        .commit(),
      changedMeanwhile,
    ]);
  }
  for (const venue_id of new Set(placement.manager?.venueIds ?? [])) {
    steps.push([
      e.venueManager
        .check({ account_id, venue_id, user_id: placement.manager!.userId })
        .where(({ permission }, { eq }) => eq(permission, 'Approved'))
        .commit(),
      changedMeanwhile,
    ]);
  }
  return steps;
}

/** Takes a licence for a screen, on condition that it is still active, unexpired and free. */
function takeLicence(e: Entities, licence: LicenceItem, screen: ScreenItem, today: string): Step {
  return [
    e.licence
      .patch({ account_id: licence.account_id, licence_id: licence.licence_id })
      .set({ screen_id: screen.screen_id, screen_name: licenceScreenName(screen) })
      .where(
        (l, op) =>
          `${op.notExists(l.screen_id)} AND ${op.eq(l.status, 'Active')} AND ${op.gte(l.expiration_date, today)}`,
      )
      .commit(),
    () => new LicenceTaken(),
  ];
}

/** Frees a screen's licence, on condition that it is still that screen's. */
function freeLicence(e: Entities, screen: ScreenItem): Step {
  return [
    e.licence
      .patch({ account_id: screen.account_id, licence_id: screen.licence_id! })
      .remove(['screen_id', 'screen_name'])
      .where(({ screen_id }, { eq }) => eq(screen_id, screen.screen_id))
      .commit(),
    changedMeanwhile,
  ];
}

/** Counts a screen on a space, on condition that the space is (still) active on its venue when chosen. */
function countOnSpace(e: Entities, accountId: string, spaceId: string, by: 1 | -1, venueId?: string): Step {
  const operation = e.space.patch({ account_id: accountId, space_id: spaceId }).add({ total_screens: by });
  return [
    (venueId
      ? operation.where((s, op) => `${op.eq(s.status, 'Active')} AND ${op.eq(s.venue_id, venueId)}`)
      : operation
    ).commit(),
    changedMeanwhile,
  ];
}

/**
 * Writes a new screen with its code's guard, the licence it takes (when active), the account's
 * and the space's counters and the activity entry, in one transaction.
 */
export async function insertScreen(
  screen: ScreenItem,
  licence: LicenceItem | null,
  placement: Placement,
  activity: ActivityInput,
  today: string,
): Promise<void> {
  const { account_id } = screen;
  await runSteps(
    (e) => [
      [
        e.guard
          .create({
            scope: screenCodeScope,
            value: screen.screen_id_no,
            owner_id: screen.screen_id,
            account_id,
          })
          .commit(),
        codeTaken,
      ],
      [e.screen.create(screen).commit(), changedMeanwhile],
      ...placementSteps(e, account_id, placement),
      countOnSpace(e, account_id, screen.space_id, 1, placement.chosen?.venueId),
      [e.account.patch({ account_id }).add({ total_screens: 1 }).commit(), changedMeanwhile],
      ...(licence ? [takeLicence(e, licence, screen, today)] : []),
    ],
    activity,
  );
}

/** The fields of a screen its form and status toggle change. */
type ScreenFields = Pick<
  ScreenItem,
  'screen_id_no' | 'name' | 'hardware' | 'venue_id' | 'space_id' | 'photo_uri' | 'status'
>;
const optionalScreenFields = ['name', 'hardware', 'photo_uri'] as const;
const licenceFields = ['licence_id', 'licence_no', 'licence_expiration_date'] as const;

/**
 * Saves a screen in one transaction, on condition that what the change depends on is as read: a
 * new code moves its guard; a new space moves the counters; a deactivation frees the licence, an
 * activation takes `licence`; a held licence follows the screen's name. Answers the screen as written.
 */
export async function saveScreen(
  current: ScreenItem,
  changes: ScreenFields,
  licence: LicenceItem | null,
  placement: Placement,
  activity: ActivityInput,
  today: string,
): Promise<ScreenItem> {
  const updated_at = new Date().toISOString();
  const { account_id, screen_id } = current;
  const deactivated = changes.status === 'Inactive' && current.licence_id !== undefined;
  const held = licence
    ? {
        licence_id: licence.licence_id,
        licence_no: licence.licence_no,
        licence_expiration_date: licence.expiration_date,
      }
    : {};
  const set = {
    ...(Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    ) as Partial<ScreenFields>),
    ...held,
  };
  const remove = [
    ...optionalScreenFields.filter((field) => changes[field] === undefined && current[field] !== undefined),
    ...(deactivated ? licenceFields : []),
  ];
  const saved: ScreenItem = { ...current, ...set, updated_at };
  for (const field of remove) delete saved[field];

  const codeMoved = changes.screen_id_no !== current.screen_id_no;
  const spaceMoved = changes.space_id !== current.space_id;
  const renamed = licenceScreenName(saved) !== licenceScreenName(current);
  await runSteps(
    (e) => [
      [
        e.screen
          .patch({ account_id, screen_id })
          .set({ ...set, updated_at })
          .remove(remove)
          .where((s, op) =>
            [
              op.eq(s.status, current.status),
              op.eq(s.screen_id_no, current.screen_id_no),
              op.eq(s.space_id, current.space_id),
              current.name === undefined ? op.notExists(s.name) : op.eq(s.name, current.name),
              current.licence_id === undefined
                ? op.notExists(s.licence_id)
                : op.eq(s.licence_id, current.licence_id),
            ].join(' AND '),
          )
          .commit(),
        changedMeanwhile,
      ],
      ...(codeMoved
        ? ([
            [
              e.guard
                .create({
                  scope: screenCodeScope,
                  value: changes.screen_id_no,
                  owner_id: screen_id,
                  account_id,
                })
                .commit(),
              codeTaken,
            ],
            [
              e.guard
                .delete({ scope: screenCodeScope, value: current.screen_id_no })
                .where(({ owner_id }, { eq }) => eq(owner_id, screen_id))
                .commit(),
              changedMeanwhile,
            ],
          ] satisfies Step[])
        : []),
      ...placementSteps(e, account_id, placement),
      ...(spaceMoved
        ? [
            countOnSpace(e, account_id, current.space_id, -1),
            countOnSpace(e, account_id, changes.space_id, 1, placement.chosen?.venueId),
          ]
        : []),
      ...(deactivated ? [freeLicence(e, current)] : []),
      ...(licence ? [takeLicence(e, licence, saved, today)] : []),
      ...(renamed && !deactivated && current.licence_id
        ? ([
            [
              e.licence
                .patch({ account_id, licence_id: current.licence_id })
                .set({ screen_name: licenceScreenName(saved) })
                .where(({ screen_id: holder }, { eq }) => eq(holder, screen_id))
                .commit(),
              changedMeanwhile,
            ],
          ] satisfies Step[])
        : []),
    ],
    activity,
  );
  return saved;
}

/** Saves who is e-mailed when the screen goes offline, and how often. Answers the screen as written. */
export async function saveOfflineNotification(
  current: ScreenItem,
  changes: Pick<ScreenItem, 'offline_notification_recipient' | 'offline_notification_frequency'>,
  placement: Placement,
  activity: ActivityInput,
): Promise<ScreenItem> {
  const updated_at = new Date().toISOString();
  const { account_id, screen_id } = current;
  await runSteps(
    (e) => [
      [
        e.screen
          .patch({ account_id, screen_id })
          .set({ ...changes, updated_at })
          .commit(),
        changedMeanwhile,
      ],
      ...placementSteps(e, account_id, placement),
    ],
    activity,
  );
  return { ...current, ...changes, updated_at };
}
