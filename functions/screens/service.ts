import { ulid } from 'ulid';
import type * as z from 'zod';
import type { RecentScreen } from '@shared/schemas/accounts';
import type { Status } from '@shared/schemas/common';
import type { offlineNotificationSchema, Screen, screenInputSchema } from '@shared/schemas/venues';
import { permissionFor, type AssignmentPermission } from '@shared/venues';
import type { LicenceItem, ScreenItem, SpaceItem, VenueItem, VenueManagerItem } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { listLicenceItems } from './licence-store';
import {
  codeTaken,
  getPlacesOf,
  insertScreen,
  readScreenContext,
  saveOfflineNotification,
  saveScreen,
  type Placement,
  type ScreenContext,
} from './store';
import {
  getSpaceWithScope,
  getVenuesAndSpaces,
  listScreenItems,
  listSpaceItems,
  listSpaceScreenItems,
  listVenueItems,
  recentScreenItems,
} from '../venues';
import { Forbidden, Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import { scopeOf, seesSpace, spacePermission } from '../venues';
import { today } from './licences';
import { withLicence } from './screen-licences';
import { acceptUpload, fileUrl, releaseFiles, savingFiles } from '@core/files/uploads';

/**
 * Screens and the licences they hold (docs/product/client-area.md §2 "Screen form", "Screen offline notifications
 * panel", §3 Screen, §5; §7 "Screens"). A screen is put on an active space of an active venue by
 * its activation code, unique across the platform; an active screen holds one of the account's
 * available licences (Active, not expired, bound to no screen), which it frees when deactivated.
 * An Account Admin acts on every screen of the account, a Venue Manager on the screens of the
 * venues where they are Approved; an Event Coordinator sees the screens of their spaces.
 */
type ScreenInput = z.output<typeof screenInputSchema>;
type OfflineNotificationInput = z.output<typeof offlineNotificationSchema>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/** A screen as the API answers it, with its venue's name and its space's title. */
async function toScreen(
  item: ScreenItem,
  venue: Pick<VenueItem, 'name'> | undefined,
  space: Pick<SpaceItem, 'title'> | undefined,
  permission: AssignmentPermission | null,
): Promise<Screen> {
  return {
    id: item.screen_id,
    screen_id_no: item.screen_id_no,
    name: orNull(item.name),
    hardware: orNull(item.hardware),
    venue: { id: item.venue_id, name: venue?.name ?? '' },
    space: { id: item.space_id, title: space?.title ?? '' },
    photo_uri: orNull(item.photo_uri),
    photo_url: await fileUrl(item.photo_uri),
    status: item.status,
    device_status: item.device_status,
    app_version: orNull(item.app_version),
    last_check_in: orNull(item.last_check_in),
    licence:
      item.licence_id && item.licence_no !== undefined && item.licence_expiration_date
        ? { id: item.licence_id, licence_no: item.licence_no, expiration_date: item.licence_expiration_date }
        : null,
    offline_notification_recipient: item.offline_notification_recipient.join(','),
    offline_notification_frequency: item.offline_notification_frequency,
    permission,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** Screens with the names of their venues and spaces, joined in memory; newest first. */
function toScreens(
  items: ScreenItem[],
  venues: VenueItem[],
  spaces: SpaceItem[],
  permissionOf: (item: ScreenItem) => AssignmentPermission | null,
): Promise<Screen[]> {
  const venueById = new Map(venues.map((venue) => [venue.venue_id, venue]));
  const spaceById = new Map(spaces.map((space) => [space.space_id, space]));
  return Promise.all(
    items
      .toSorted((a, b) => b.screen_id.localeCompare(a.screen_id))
      .map((item) =>
        toScreen(item, venueById.get(item.venue_id), spaceById.get(item.space_id), permissionOf(item)),
      ),
  );
}

/** The screens the caller sees: one Query each of screens, venues and spaces (and the caller's assignments). */
export async function listScreens(principal: ClientPrincipal): Promise<Screen[]> {
  const { accountId } = principal;
  const [scope, screens, venues, spaces] = await Promise.all([
    scopeOf(principal),
    listScreenItems(accountId),
    listVenueItems(accountId),
    listSpaceItems(accountId),
  ]);
  return toScreens(
    screens.filter((screen) => seesSpace(scope, screen)),
    venues,
    spaces,
    (screen) => spacePermission(principal, scope, screen),
  );
}

/** The screens of one space the caller sees (404 for a space they do not see). */
export async function listSpaceScreens(principal: ClientPrincipal, spaceId: string): Promise<Screen[]> {
  const { accountId, role } = principal;
  const [found, screens] = await Promise.all([
    getSpaceWithScope(accountId, spaceId, role === 'Account Admin' ? undefined : principal.userId),
    listSpaceScreenItems(accountId, spaceId),
  ]);
  const { space, venue } = found;
  const assignment =
    role === 'Venue Manager'
      ? found.venueAssignment
      : role === 'Event Coordinator'
        ? found.spaceAssignment
        : null;
  if (!space || (role !== 'Account Admin' && !assignment)) throw new NotFound('Space');
  const permission = permissionFor(role, assignment?.permission);
  return toScreens(screens, venue ? [venue] : [], [space], () => permission);
}

/** The five newest screens the caller sees, with their venues and spaces read by key. */
export async function recentScreensOf(principal: ClientPrincipal): Promise<Screen[]> {
  const { accountId } = principal;
  const [scope, screens] = await Promise.all([
    scopeOf(principal),
    // An Account Admin sees every screen: the newest five are the Query's last five.
    principal.role === 'Account Admin'
      ? listScreenItems(accountId, { newest: 5 })
      : listScreenItems(accountId),
  ]);
  const newest = screens
    .filter((screen) => seesSpace(scope, screen))
    .toSorted((a, b) => b.screen_id.localeCompare(a.screen_id))
    .slice(0, 5);
  const { venues, spaces } = await getVenuesAndSpaces(
    accountId,
    newest.map((screen) => screen.venue_id),
    newest.map((screen) => screen.space_id),
  );
  return toScreens(newest, venues, spaces, (screen) => spacePermission(principal, scope, screen));
}

/**
 * The screen the caller acts on: 404 when it is not of their account or they do not see its
 * venue; 403 when they see it but may not act (a Denied manager, a role without screens).
 */
function assertActsOnScreen(
  principal: ClientPrincipal,
  screen: ScreenItem | null,
  managers: VenueManagerItem[],
): ScreenItem {
  if (!screen) throw new NotFound('Screen');
  if (principal.role === 'Account Admin') return screen;
  if (principal.role !== 'Venue Manager') throw new Forbidden();
  const assignment = managers.find((manager) => manager.venue_id === screen.venue_id);
  if (!assignment) throw new NotFound('Screen');
  if (assignment.permission !== 'Approved') throw new Forbidden();
  return screen;
}

/**
 * The venue and space a screen is put on: the venue must be one the caller acts on (unknown or
 * unseen: 422; a Denied manager: 403) and active, the space one of its spaces and active.
 */
function assertPlacement(
  principal: ClientPrincipal,
  context: Pick<ScreenContext, 'venues' | 'spaces' | 'managers'>,
  venueId: string,
  spaceId: string,
): { venue: VenueItem; space: SpaceItem } {
  const venue = context.venues.find((v) => v.venue_id === venueId);
  const assignment = context.managers.find((manager) => manager.venue_id === venueId);
  if (!venue || (principal.role !== 'Account Admin' && !assignment)) {
    throw new Invalid({ venue: 'This venue does not exist' });
  }
  if (principal.role !== 'Account Admin' && assignment?.permission !== 'Approved') throw new Forbidden();
  if (venue.status !== 'Active') throw new Invalid({ venue: 'This venue is inactive' });
  const space = context.spaces.find((s) => s.space_id === spaceId);
  if (!space || space.venue_id !== venueId) throw new Invalid({ space: 'Choose a space of this venue' });
  if (space.status !== 'Active') throw new Invalid({ space: 'This space is inactive' });
  return { venue, space };
}

/** What a Venue Manager's change rests on: their assignments to these venues staying Approved. */
const managerPlacement = (principal: ClientPrincipal, venueIds: string[]): Placement['manager'] =>
  principal.role === 'Venue Manager' ? { userId: principal.userId, venueIds } : undefined;

/** How a screen is named in the activity log: its name and code, or its code alone. */
const screenLabel = (screen: Pick<ScreenItem, 'name' | 'screen_id_no'>) =>
  screen.name ? `${screen.name} (${screen.screen_id_no})` : screen.screen_id_no;

/** Adds a screen; an active one (the default) takes an available licence of the account. */
export async function createScreen(principal: ClientPrincipal, input: ScreenInput): Promise<Screen> {
  const { accountId } = principal;
  const status = input.status ?? 'Active';
  const [context, licences] = await Promise.all([
    readScreenContext(accountId, {
      venueIds: [input.venue],
      spaceIds: [input.space],
      managerOf: managerPlacement(principal, [input.venue]),
      code: input.screen_id_no,
    }),
    status === 'Active' ? listLicenceItems(accountId) : null,
  ]);
  const { venue, space } = assertPlacement(principal, context, input.venue, input.space);
  if (context.codeOwner) throw codeTaken();
  const photo = input.photo_uri
    ? await acceptUpload(principal, 'screen-photo', 'photo_uri', input.photo_uri)
    : undefined;

  const now = new Date().toISOString();
  const screenId = ulid();
  const base: ScreenItem = {
    account_id: accountId,
    screen_id: screenId,
    screen_id_no: input.screen_id_no,
    name: input.name,
    hardware: input.hardware,
    venue_id: venue.venue_id,
    space_id: space.space_id,
    photo_uri: photo?.key,
    status,
    device_status: 'Offline',
    offline_notification_recipient: [],
    offline_notification_frequency: 'Never',
    recent_shard: shardOf(screenId),
    created_at: now,
    updated_at: now,
  };
  const placement: Placement = {
    chosen: { venueId: venue.venue_id, spaceId: space.space_id },
    manager: managerPlacement(principal, [venue.venue_id]),
  };
  const write = async (licence: LicenceItem | null, on: string) => {
    const screen: ScreenItem = licence
      ? {
          ...base,
          licence_id: licence.licence_id,
          licence_no: licence.licence_no,
          licence_expiration_date: licence.expiration_date,
        }
      : base;
    await insertScreen(
      screen,
      licence,
      placement,
      {
        principal,
        component: 'Screen',
        componentId: screen.screen_id,
        activity: `Created screen ${screenLabel(screen)}${licence ? ` with license #${licence.licence_no}` : ''}`,
      },
      on,
    );
    return screen;
  };
  const screen = await savingFiles([photo], () =>
    status === 'Active' ? withLicence(accountId, 'screen_id_no', licences, write) : write(null, today()),
  );
  return toScreen(screen, venue, space, 'Approved');
}

/**
 * Saves a screen's changes: a moved screen's new venue and space are checked as a new screen's;
 * an activation takes a licence (422 in `field` when none is left), a deactivation frees it.
 */
async function changeScreen(
  principal: ClientPrincipal,
  current: ScreenItem,
  changes: ScreenItem,
  places: { venue: VenueItem | undefined; space: SpaceItem | undefined; moved: boolean },
  licences: LicenceItem[] | null,
  field: string,
  activity: string,
): Promise<Screen> {
  const placement: Placement = {
    chosen: places.moved ? { venueId: changes.venue_id, spaceId: changes.space_id } : undefined,
    manager: managerPlacement(principal, [current.venue_id, changes.venue_id]),
  };
  const fields = {
    screen_id_no: changes.screen_id_no,
    name: changes.name,
    hardware: changes.hardware,
    venue_id: changes.venue_id,
    space_id: changes.space_id,
    photo_uri: changes.photo_uri,
    status: changes.status,
  };
  const activating = changes.status === 'Active' && current.status !== 'Active';
  const deactivating = changes.status === 'Inactive' && current.licence_id !== undefined;
  const log = (licence: LicenceItem | null) => ({
    principal,
    component: 'Screen',
    componentId: current.screen_id,
    activity: `${activity} ${screenLabel({ name: changes.name, screen_id_no: changes.screen_id_no })}${
      licence
        ? `, taking license #${licence.licence_no}`
        : deactivating
          ? `, freeing license #${current.licence_no}`
          : ''
    }`,
  });
  const saved = activating
    ? await withLicence(principal.accountId, field, licences, (licence, on) =>
        saveScreen(current, fields, licence, placement, log(licence), on),
      )
    : await saveScreen(current, fields, null, placement, log(null), today());
  return toScreen(saved, places.venue, places.space, 'Approved');
}

/** A screen of the caller's account (404 otherwise). */
async function readScreen(principal: ClientPrincipal, screenId: string): Promise<ScreenItem> {
  const { screen } = await readScreenContext(principal.accountId, { screenId });
  if (!screen) throw new NotFound('Screen');
  return screen;
}

/** Changes a screen (PUT: optional fields left out are cleared; a status left out is kept). */
export async function updateScreen(
  principal: ClientPrincipal,
  screenId: string,
  input: ScreenInput,
): Promise<Screen> {
  const { accountId } = principal;
  const context = await readScreenContext(accountId, {
    screenId,
    venueIds: [input.venue],
    spaceIds: [input.space],
    managerOf: managerPlacement(principal, [input.venue]),
    code: input.screen_id_no,
  });
  let managers = context.managers;
  if (context.screen && principal.role === 'Venue Manager' && context.screen.venue_id !== input.venue) {
    const before = await readScreenContext(accountId, {
      managerOf: managerPlacement(principal, [context.screen.venue_id]),
    });
    managers = [...managers, ...before.managers];
  }
  const current = assertActsOnScreen(principal, context.screen, managers);
  const moved = input.venue !== current.venue_id || input.space !== current.space_id;
  const status = input.status ?? current.status;
  const activating = status === 'Active' && current.status !== 'Active';
  const places =
    moved || activating
      ? assertPlacement(principal, { ...context, managers }, input.venue, input.space)
      : {
          venue: context.venues.find((v) => v.venue_id === input.venue),
          space: context.spaces.find((s) => s.space_id === input.space),
        };
  if (context.codeOwner && context.codeOwner !== current.screen_id) throw codeTaken();
  const photo =
    input.photo_uri && input.photo_uri !== current.photo_uri
      ? await acceptUpload(principal, 'screen-photo', 'photo_uri', input.photo_uri)
      : undefined;
  const photoUri = photo?.key ?? input.photo_uri;
  const saved = await savingFiles([photo], () =>
    changeScreen(
      principal,
      current,
      {
        ...current,
        screen_id_no: input.screen_id_no,
        name: input.name,
        hardware: input.hardware,
        venue_id: input.venue,
        space_id: input.space,
        photo_uri: photoUri,
        status,
      },
      { ...places, moved },
      null,
      'screen_id_no',
      'Updated screen',
    ),
  );
  // A photo replaced or cleared is deleted.
  if (current.photo_uri !== photoUri) await releaseFiles(accountId, [current.photo_uri]);
  return saved;
}

/** The venue, space and manager assignment of a screen already read, and whether the caller acts on it. */
async function placeOf(principal: ClientPrincipal, screen: ScreenItem) {
  const context = await readScreenContext(principal.accountId, {
    venueIds: [screen.venue_id],
    spaceIds: [screen.space_id],
    managerOf: managerPlacement(principal, [screen.venue_id]),
  });
  assertActsOnScreen(principal, screen, context.managers);
  return context;
}

/** Activates a screen (taking a licence; its venue and space must be active) or deactivates it (freeing it). */
export async function setScreenStatus(
  principal: ClientPrincipal,
  screenId: string,
  status: Status,
): Promise<Screen> {
  const current = await readScreen(principal, screenId);
  const activating = status === 'Active' && current.status !== 'Active';
  const [context, licences] = await Promise.all([
    placeOf(principal, current),
    activating ? listLicenceItems(principal.accountId) : null,
  ]);
  const venue = context.venues[0];
  const space = context.spaces[0];
  if (status === current.status) return toScreen(current, venue, space, 'Approved');
  if (activating) assertPlacement(principal, context, current.venue_id, current.space_id);
  return changeScreen(
    principal,
    current,
    { ...current, status },
    { venue, space, moved: false },
    licences,
    'status',
    status === 'Active' ? 'Activated screen' : 'Deactivated screen',
  );
}

/** Saves who is e-mailed when the screen goes offline, and how often. */
export async function updateOfflineNotification(
  principal: ClientPrincipal,
  screenId: string,
  input: OfflineNotificationInput,
): Promise<Screen> {
  const current = await readScreen(principal, screenId);
  const context = await placeOf(principal, current);
  const saved = await saveOfflineNotification(
    current,
    {
      offline_notification_recipient: input.offline_notification_recipient,
      offline_notification_frequency: input.offline_notification_frequency,
    },
    { manager: managerPlacement(principal, [current.venue_id]) },
    {
      principal,
      component: 'Screen',
      componentId: current.screen_id,
      activity: `Updated offline notification settings of screen ${screenLabel(current)}`,
    },
  );
  return toScreen(saved, context.venues[0], context.spaces[0], 'Approved');
}

/**
 * The five newest screens of every account (the admin dashboard): a Query of each shard of gsi4
 * (pattern 33) and one BatchGetItem of their accounts, venues and spaces.
 */
export async function recentScreens(): Promise<RecentScreen[]> {
  const screens = await recentScreenItems(5);
  const { accounts, ...places } = await getPlacesOf(screens);
  const venueOf = new Map(places.venues.map((v) => [`${v.account_id}#${v.venue_id}`, v.name]));
  const spaceOf = new Map(places.spaces.map((s) => [`${s.account_id}#${s.space_id}`, s.title]));
  const accountOf = new Map(accounts.map((a) => [a.account_id, a.name]));
  return screens.map((screen) => ({
    id: screen.screen_id,
    screen_id_no: screen.screen_id_no,
    name: orNull(screen.name),
    hardware: orNull(screen.hardware),
    venue: { id: screen.venue_id, name: venueOf.get(`${screen.account_id}#${screen.venue_id}`) ?? '' },
    space: { id: screen.space_id, title: spaceOf.get(`${screen.account_id}#${screen.space_id}`) ?? '' },
    status: screen.status,
    device_status: screen.device_status,
    app_version: orNull(screen.app_version),
    last_check_in: orNull(screen.last_check_in),
    account: { id: screen.account_id, name: accountOf.get(screen.account_id) ?? '' },
    created_at: screen.created_at,
  }));
}
