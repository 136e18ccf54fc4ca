import type { ActivityInput } from './activity';
import { batchGet, owned, pick } from './batch';
import type {
  AccountItem,
  DeviceItem,
  OccurrenceStateItem,
  PackageItem,
  ScreenItem,
  ScreenNoticeItem,
  SlideshowItem,
  SpaceAlertsItem,
  SpaceItem,
  VenueItem,
} from './entities';
import { db } from './entities';
import { pinScope } from './users';
import { changedMeanwhile, runSteps, runStepsIf, type Entities, type Step } from './transactions';
import { Conflict } from '../http/errors';
import { screenCodeScope } from './screen-changes';
import { allShards, shardOf } from './shards';

/**
 * Devices and their activation codes (docs/data-model.md): a device item by id, and a code item
 * per code in force, written together, so two devices never show the same code at once.
 */

const codeTaken = () => new Conflict('That activation code is taken');

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** An unbound device is forgotten (TTL) this long after its code runs out. */
const UNBOUND_KEPT_SECONDS = 30 * 24 * 3600;
/** When an unbound device with a code until `expiresAt` is forgotten. */
export const unboundDeviceTtl = (expiresAt: string) => epochSeconds(expiresAt) + UNBOUND_KEPT_SECONDS;

/** Holds `code` for a device until `expiresAt`, on condition that no device holds it in force. */
const codeStep = (e: Entities, code: string, deviceId: string, expiresAt: string): Step => [
  e.deviceCode
    .put({ code, device_id: deviceId, expires_at: expiresAt, ttl: epochSeconds(expiresAt) })
    .where((attr, op) => `${op.notExists(attr.code)} OR ${op.lt(attr.expires_at, new Date().toISOString())}`)
    .commit(),
  codeTaken,
];

/**
 * Writes a new device with its code, on condition that no device holds that code in force
 * (an expired one is overwritten). Answers false when the code is taken.
 */
export function insertDevice(device: DeviceItem): Promise<boolean> {
  return runStepsIf((e) => [
    codeStep(e, device.code, device.device_id, device.code_expires_at),
    [e.device.create({ ...device, ttl: unboundDeviceTtl(device.code_expires_at) }).commit(), codeTaken],
  ]);
}

/**
 * Counts one request of `subject` in the window that starts at `window` (epoch seconds); answers
 * the count so far, this one included. The counter expires with its window.
 */
export async function countRequest(subject: string, window: number, windowSeconds: number): Promise<number> {
  const { data } = await db()
    .entities.rateCounter.update({ subject, window })
    .add({ count: 1 })
    .set({ ttl: window + windowSeconds * 2 })
    .go({ response: 'all_new' });
  return data.count ?? 1;
}

/** The screen that took this activation code as its `screen_id_no`, if any (its guard). */
export async function screenHoldingCode(
  code: string,
): Promise<{ accountId: string; screenId: string } | null> {
  const { data } = await db().entities.guard.get({ scope: screenCodeScope, value: code }).go();
  return data?.account_id ? { accountId: data.account_id, screenId: data.owner_id } : null;
}

/** Binds a device to the screen that took its code: the code is no longer offered. */
export async function bindDevice(
  device: DeviceItem,
  accountId: string,
  screenId: string,
  at: string,
): Promise<void> {
  await runSteps((e) => [
    [
      e.device
        .patch({ device_id: device.device_id })
        .set({ account_id: accountId, screen_id: screenId, bound_at: at })
        .remove(['ttl'])
        .commit(),
      codeTaken,
    ],
    [e.deviceCode.delete({ code: device.code }).commit(), codeTaken],
  ]);
}

/** Gives an unbound device a new code in place of its expired one; false when the code is taken. */
export function renewDeviceCode(device: DeviceItem, code: string, expiresAt: string): Promise<boolean> {
  return runStepsIf((e) => [
    codeStep(e, code, device.device_id, expiresAt),
    [
      e.device
        .patch({ device_id: device.device_id })
        .set({ code, code_expires_at: expiresAt, ttl: unboundDeviceTtl(expiresAt) })
        .commit(),
      codeTaken,
    ],
  ]);
}

/** A device whose screen is gone or took another code: it must register again. */
export async function forgetDevice(deviceId: string): Promise<void> {
  await db().entities.device.delete({ device_id: deviceId }).go();
}

/** How long a screen notice is kept if no run sends it (a month past due). */
const NOTICE_KEPT_SECONDS = 30 * 24 * 3600;

/** The outbox item of a mail the offline job owes about a screen (docs/data-model.md). */
export function screenNotice(
  screen: Pick<ScreenItem, 'account_id' | 'screen_id'>,
  kind: ScreenNoticeItem['kind'],
  dueAt: string,
  since: string,
): ScreenNoticeItem {
  return {
    shard: shardOf(screen.screen_id),
    due_at: dueAt,
    account_id: screen.account_id,
    screen_id: screen.screen_id,
    kind,
    since,
    ttl: epochSeconds(dueAt) + NOTICE_KEPT_SECONDS,
  };
}

/**
 * A poll's heartbeat: the device's last contact and app version, and on its screen the device's
 * status, version and last check-in (what the screen cards show), and its place in the offline
 * job's index. A screen the job had found silent is Online again; when its recipients heard of
 * that as it happened, a notice that it is back goes in the same transaction.
 */
export async function recordHeartbeat(
  device: DeviceItem,
  screen: ScreenItem,
  appVersion: string | undefined,
  at: string,
): Promise<void> {
  const { account_id, screen_id } = screen;
  const back =
    screen.offline_since !== undefined &&
    screen.offline_notification_frequency === 'As it happens' &&
    screen.offline_notification_recipient.length > 0;
  const online = {
    device_status: 'Online' as const,
    last_check_in: at,
    heartbeat_shard: shardOf(screen_id),
    heartbeat_at: at,
    ...(appVersion ? { app_version: appVersion } : {}),
  };
  const cleared = screen.offline_since !== undefined ? (['offline_since'] as const) : [];
  await Promise.all([
    db()
      .entities.device.patch({ device_id: device.device_id })
      .set({ last_seen_at: at, ...(appVersion ? { app_version: appVersion } : {}) })
      .go(),
    // With the notice that it is back, in one transaction; otherwise a plain update.
    back
      ? runSteps((e) => [
          [
            e.screen
              .patch({ account_id, screen_id })
              .set(online)
              .remove([...cleared])
              .commit(),
            () => new Conflict('The screen changed meanwhile'),
          ],
          [
            e.screenNotice.create(screenNotice(screen, 'back', at, screen.offline_since!)).commit(),
            () => new Conflict('Notice already written'),
          ],
        ])
      : db()
          .entities.screen.patch({ account_id, screen_id })
          .set(online)
          .remove([...cleared])
          .go(),
  ]);
}

/** The user of an account whose PIN this is (its guard), or null. */
export async function userIdByPin(accountId: string, pin: string): Promise<string | null> {
  const { data } = await db()
    .entities.guard.get({ scope: pinScope(accountId), value: pin })
    .go();
  return data?.owner_id ?? null;
}

/** Records the wrong PINs of a device's last 15 minutes, and a lock when they reach the limit. */
export async function savePinFailures(deviceId: string, failures: number[], lockedUntil: number | undefined) {
  await db()
    .entities.device.patch({ device_id: deviceId })
    .set({ pin_failures: failures, ...(lockedUntil ? { pin_locked_until: lockedUntil } : {}) })
    .go();
}

/** What happened to the occurrences of a space that start in [from, to) (ISO 8601 UTC): one Query. */
export async function occurrenceStates(
  accountId: string,
  spaceId: string,
  from: string,
  to: string,
): Promise<OccurrenceStateItem[]> {
  const { data } = await db()
    .entities.occurrenceState.query.bySpace({ account_id: accountId, space_id: spaceId })
    .between({ start_utc: from }, { start_utc: to })
    .go({ pages: 'all' });
  return data;
}

/** What happened to an account's occurrences that start in [from, to) (ISO 8601 UTC): one Query. */
export async function accountOccurrenceStates(accountId: string, from: string, to: string) {
  const { data } = await db()
    .entities.occurrenceState.query.byAccountStart({ account_id: accountId })
    .between({ start_utc: from }, { start_utc: to })
    .go({ pages: 'all' });
  return data;
}

/**
 * The occurrences of a space released for a no-show that may touch [from, to) (epoch ms; those
 * that start up to a day before), as `<booking id>#<start epoch ms>`: one Query.
 */
export async function releasedOccurrences(
  accountId: string,
  spaceId: string,
  from: number,
  to: number,
): Promise<Set<string>> {
  const DAY_MS = 24 * 3600_000;
  const states = await occurrenceStates(
    accountId,
    spaceId,
    new Date(from - DAY_MS).toISOString(),
    new Date(to).toISOString(),
  );
  return new Set(
    states.filter((s) => s.released_at).map((s) => `${s.booking_id}#${Date.parse(s.start_utc)}`),
  );
}

/**
 * Writes what happened to an occurrence (a check-in or a release) with its activity entry; false
 * when something happened to it already (the first write stands).
 */
export function insertOccurrenceState(state: OccurrenceStateItem, activity: ActivityInput): Promise<boolean> {
  const { account_id, space_id } = state;
  return runStepsIf(
    (e) => [
      [e.occurrenceState.create(state).commit(), () => new Conflict('Already checked in or released')],
      // The space's displays show it.
      [e.space.patch({ account_id, space_id }).add({ display_version: 1 }).commit(), changedMeanwhile],
    ],
    activity,
  );
}

/** A screen and what a display of it shows: its account and package, space, venue, alerts and active slideshow. */
export interface ScreenRoom {
  screen: ScreenItem;
  account: AccountItem | null;
  package: PackageItem | null;
  space: SpaceItem | null;
  venue: VenueItem | null;
  alerts: SpaceAlertsItem | null;
  slideshow: SlideshowItem | null;
}

/**
 * The keys of what a bound display shows. A display's ETag carries them, so that its next poll
 * reads them together with its device in one BatchGetItem (`getDeviceAndRoom`); they are only
 * hints: what they read is used only when it is what the device's binding leads to.
 */
export interface RoomKeys {
  account_id: string;
  screen_id: string;
  space_id: string;
  venue_id: string;
  package_id: string;
  slideshow_id: string | null;
}

const ROOM_TAG = 'r1';
const KEY_PART = /^[0-9A-Za-z_-]{1,64}$/;

/** An ETag for a room's state: its keys, then the fingerprint of what it shows. */
export function roomTag(keys: RoomKeys, fingerprint: string): string {
  const { account_id, screen_id, space_id, venue_id, package_id, slideshow_id } = keys;
  return [
    ROOM_TAG,
    account_id,
    screen_id,
    space_id,
    venue_id,
    package_id,
    slideshow_id ?? '-',
    fingerprint,
  ].join('.');
}

/** The room keys an `If-None-Match` names, if it is one of our room tags. */
export function roomKeysOf(ifNoneMatch: string | undefined): RoomKeys | undefined {
  const tag = ifNoneMatch?.split(',')[0]?.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  const parts = tag?.split('.');
  if (!parts || parts.length !== 8 || parts[0] !== ROOM_TAG || !parts.every((part) => KEY_PART.test(part))) {
    return undefined;
  }
  const [, account_id, screen_id, space_id, venue_id, package_id, slideshow] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    account_id,
    screen_id,
    space_id,
    venue_id,
    package_id,
    slideshow_id: slideshow === '-' ? null : slideshow,
  };
}

/** The item keys of a room, for one BatchGetItem. */
function roomItemKeys(keys: RoomKeys): Array<Record<string, unknown>> {
  const e = db().entities;
  const { account_id, screen_id, space_id, venue_id, package_id, slideshow_id } = keys;
  return [
    e.screen.get({ account_id, screen_id }).params().Key,
    e.account.get({ account_id }).params().Key,
    e.package.get({ package_id }).params().Key,
    e.space.get({ account_id, space_id }).params().Key,
    e.venue.get({ account_id, venue_id }).params().Key,
    e.spaceAlerts.get({ account_id, space_id }).params().Key,
    ...(slideshow_id ? [e.slideshow.get({ account_id, space_id, slideshow_id }).params().Key] : []),
  ];
}

/** A device by its id (GetItem), with the items of the room its last ETag named (then one BatchGetItem). */
export async function getDeviceAndRoom(
  deviceId: string,
  keys: RoomKeys | undefined,
): Promise<{ device: DeviceItem | null; items: Array<Record<string, unknown>> }> {
  const e = db().entities;
  if (!keys) return { device: (await e.device.get({ device_id: deviceId }).go()).data, items: [] };
  const items = await batchGet([e.device.get({ device_id: deviceId }).params().Key, ...roomItemKeys(keys)]);
  return { device: pick(items, (answer) => e.device.parse(answer, owned)), items };
}

/**
 * The room of a bound device from items read with it, when they are exactly what its binding
 * leads to (its screen, that screen's space and venue, the account's package, the space's active
 * slideshow); undefined when they are not (another room, a change of space, a new slideshow).
 */
export function roomFromItems(
  device: DeviceItem,
  items: Array<Record<string, unknown>>,
): ScreenRoom | undefined {
  const e = db().entities;
  const parsed = <T>(parse: (answer: { Item: Record<string, unknown> }) => { data: T | null }) =>
    pick(items, parse);
  const screen = parsed((answer) => e.screen.parse(answer, owned));
  if (!screen || screen.account_id !== device.account_id || screen.screen_id !== device.screen_id)
    return undefined;
  const account = parsed((answer) => e.account.parse(answer, owned));
  const space = parsed((answer) => e.space.parse(answer, owned));
  const venue = parsed((answer) => e.venue.parse(answer, owned));
  const pack = parsed((answer) => e.package.parse(answer, owned));
  const slideshow = parsed((answer) => e.slideshow.parse(answer, owned));
  const alerts = parsed((answer) => e.spaceAlerts.parse(answer, owned));
  if (
    !account ||
    account.account_id !== screen.account_id ||
    !space ||
    space.space_id !== screen.space_id ||
    !venue ||
    venue.venue_id !== screen.venue_id ||
    pack?.package_id !== account.package_id ||
    (alerts && alerts.space_id !== space.space_id) ||
    (slideshow?.slideshow_id ?? null) !== activeSlideshowId(space)
  ) {
    return undefined;
  }
  return { screen, account, package: pack, space, venue, alerts, slideshow };
}

const activeSlideshowId = (space: SpaceItem) =>
  space.slideshow_id && space.slideshow_status === 1 ? space.slideshow_id : null;

/** The keys of a room as read. */
export function roomKeys(room: ScreenRoom): RoomKeys {
  const { screen, account, space } = room;
  return {
    account_id: screen.account_id,
    screen_id: screen.screen_id,
    space_id: screen.space_id,
    venue_id: screen.venue_id,
    package_id: account?.package_id ?? '-',
    slideshow_id: space ? activeSlideshowId(space) : null,
  };
}

/**
 * A bound device's room read by its keys: the screen (GetItem), then its account, space, venue and
 * alerts (one BatchGetItem), then the package and the active slideshow (one more).
 */
export async function getScreenRoom(accountId: string, screenId: string): Promise<ScreenRoom | null> {
  const e = db().entities;
  const { data: screen } = await e.screen.get({ account_id: accountId, screen_id: screenId }).go();
  if (!screen) return null;
  const { space_id, venue_id } = screen;
  const items = await batchGet([
    e.account.get({ account_id: accountId }).params().Key,
    e.space.get({ account_id: accountId, space_id }).params().Key,
    e.venue.get({ account_id: accountId, venue_id }).params().Key,
    e.spaceAlerts.get({ account_id: accountId, space_id }).params().Key,
  ]);
  const account = pick(items, (answer) => e.account.parse(answer, owned));
  const space = pick(items, (answer) => e.space.parse(answer, owned));
  const slideshowId = space ? activeSlideshowId(space) : null;
  const more = await batchGet([
    ...(account ? [e.package.get({ package_id: account.package_id }).params().Key] : []),
    ...(slideshowId
      ? [e.slideshow.get({ account_id: accountId, space_id, slideshow_id: slideshowId }).params().Key]
      : []),
  ]);
  return {
    screen,
    account,
    package: pick(more, (answer) => e.package.parse(answer, owned)),
    space,
    venue: pick(items, (answer) => e.venue.parse(answer, owned)),
    alerts: pick(items, (answer) => e.spaceAlerts.parse(answer, owned)),
    slideshow: pick(more, (answer) => e.slideshow.parse(answer, owned)),
  };
}

/** The spaces whose bookings need a check-in: one Query per shard of the sparse `checkInWatch` index. */
export async function listCheckInSpaces(): Promise<SpaceItem[]> {
  const pages = await Promise.all(
    allShards().map((shard) =>
      db().entities.space.query.checkInWatch({ checkin_watch_shard: shard }).go({ pages: 'all' }),
    ),
  );
  return pages.flatMap(({ data }) => data);
}
