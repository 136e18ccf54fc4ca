import type { DeviceItem, ScreenItem } from '@core/table/entities';
import { db } from '@core/table/entities';
import { pinScope } from '@core/people/user-store';
import { isConditionFailure, runSteps, runStepsIf, type Entities, type Step } from '@core/table/transactions';
import { Conflict } from '@core/errors';
import { screenCodeScope } from '../screens';
import { screenNotice } from '../screens';
import { shardOf } from '@core/table/shards';
import { epochSeconds } from '@core/table/expiry';

/**
 * Devices and their activation codes (docs/data-model.md): a device item by id, and a code item
 * per code in force, written together, so two devices never show the same code at once.
 */

const codeTaken = () => new Conflict('That activation code is taken');

/** An unbound device is forgotten (TTL) this long after its code runs out. */
const UNBOUND_KEPT_SECONDS = 30 * 24 * 3600;
/** When an unbound device with a code until `expiresAt` is forgotten. */
const unboundDeviceTtl = (expiresAt: string) => epochSeconds(expiresAt) + UNBOUND_KEPT_SECONDS;

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
    // The screen names its device (where a change to its room is pushed), while it keeps the code.
    [
      e.screen
        .patch({ account_id: accountId, screen_id: screenId })
        .set({ device_id: device.device_id })
        .where(({ screen_id_no }, { eq }) => eq(screen_id_no, device.code))
        .commit(),
      () => new Conflict('The screen took another code meanwhile'),
    ],
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
    // A screen bound before it named its device learns it here.
    ...(screen.device_id !== device.device_id ? { device_id: device.device_id } : {}),
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

/**
 * A poll's heartbeat when the device alone was read (its state unchanged, a 304): the screen is
 * written Online, as this device's, on condition that it still answers to the device's code and
 * the offline job has not found it silent; then the device's last contact. False, with nothing
 * written, when that condition fails (the screen is gone, took another code, or is back from
 * silence, whose notice needs the screen): the poll then reads the room and writes the heartbeat
 * in full (`recordHeartbeat`).
 */
export async function recordSteadyHeartbeat(
  device: DeviceItem,
  appVersion: string | undefined,
  at: string,
): Promise<boolean> {
  const { account_id, screen_id } = device;
  if (!account_id || !screen_id) return false;
  const version = appVersion ? { app_version: appVersion } : {};
  try {
    await db()
      .entities.screen.patch({ account_id, screen_id })
      .set({
        device_status: 'Online',
        last_check_in: at,
        heartbeat_shard: shardOf(screen_id),
        heartbeat_at: at,
        device_id: device.device_id,
        ...version,
      })
      .where((attr, op) => `${op.eq(attr.screen_id_no, device.code)} AND ${op.notExists(attr.offline_since)}`)
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await db()
    .entities.device.patch({ device_id: device.device_id })
    .set({ last_seen_at: at, ...version })
    .go({ response: 'none' });
  return true;
}

/**
 * Notes on a device what its next 304 needs besides its state version (docs/data-model.md): its
 * venue's zone and when its state next turns by itself. Written only when either changed.
 */
export async function recordStateClock(
  device: DeviceItem,
  zone: string | undefined,
  turnsAt: number | undefined,
): Promise<void> {
  if (device.venue_zone === zone && device.state_turns_at === turnsAt) return;
  const gone = [
    ...(zone === undefined ? (['venue_zone'] as const) : []),
    ...(turnsAt === undefined ? (['state_turns_at'] as const) : []),
  ];
  await db()
    .entities.device.patch({ device_id: device.device_id })
    .set({
      ...(zone === undefined ? {} : { venue_zone: zone }),
      ...(turnsAt === undefined ? {} : { state_turns_at: turnsAt }),
    })
    .remove([...gone])
    .go({ response: 'none' });
}

/** A screen and the device that shows it: where a change to its room is pushed. */
export interface ShowingScreen {
  screenId: string;
  /** Its `screen_id_no`, the code its device answers to. */
  code: string;
  deviceId: string;
}

const showing = (screens: readonly ScreenItem[]): ShowingScreen[] =>
  screens.flatMap(({ screen_id, screen_id_no, device_id }) =>
    device_id ? [{ screenId: screen_id, code: screen_id_no, deviceId: device_id }] : [],
  );

/** The screens of a space that a device shows: Query gsi1 `ACCOUNT#<a>#SPACE#<s>#SCREENS#` (pattern 32). */
export async function screensOfSpace(accountId: string, spaceId: string): Promise<ShowingScreen[]> {
  const { data } = await db()
    .entities.screen.query.bySpace({ account_id: accountId, space_id: spaceId })
    .go({ pages: 'all', attributes: ['screen_id', 'screen_id_no', 'device_id'] });
  return showing(data as ScreenItem[]);
}

/** The screens of an account that a device shows: Query sk begins `SCREEN#` (pattern 31). */
export async function screensOfAccount(accountId: string): Promise<ShowingScreen[]> {
  const { data } = await db()
    .entities.screen.query.byAccount({ account_id: accountId })
    .go({ pages: 'all', attributes: ['screen_id', 'screen_id_no', 'device_id'] });
  return showing(data as ScreenItem[]);
}

/** The ids of a venue's spaces: Query gsi1 `ACCOUNT#<a>#VENUE#<v>#SPACES#` (pattern 30). */
export async function spacesOfVenue(accountId: string, venueId: string): Promise<string[]> {
  const { data } = await db()
    .entities.space.query.byVenue({ account_id: accountId, venue_id: venueId })
    .go({ pages: 'all', attributes: ['space_id'] });
  return data.map(({ space_id }) => space_id);
}

/** The accounts on a package: Query gsi1 `ACCOUNTS#` filtered by the package (pattern 2). */
export async function packageAccountIds(packageId: string): Promise<string[]> {
  const { data } = await db()
    .entities.account.query.all({})
    .where(({ package_id }, { eq }) => eq(package_id, packageId))
    .go({ pages: 'all', attributes: ['account_id'] });
  return data.map(({ account_id }) => account_id);
}

/**
 * Bumps a device's `state_version` (what its room shows changed) and answers the new one; with
 * `showing`, only while the device still shows that screen under its code. Undefined when the
 * device is gone (or shows another screen): nothing is written then.
 */
export async function bumpStateVersion(
  deviceId: string,
  showing?: Pick<ShowingScreen, 'screenId' | 'code'>,
): Promise<number | undefined> {
  const bump = db().entities.device.patch({ device_id: deviceId }).add({ state_version: 1 });
  try {
    const { data } = await (
      showing
        ? bump.where(
            ({ screen_id, code }, { eq }) =>
              `${eq(screen_id, showing.screenId)} AND ${eq(code, showing.code)}`,
          )
        : bump
    ).go({ response: 'all_new' });
    return data.state_version;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The user of an account whose PIN this is (its guard), or null. */
export async function userIdByPin(accountId: string, pin: string): Promise<string | null> {
  const { data } = await db()
    .entities.guard.get({ scope: pinScope(accountId), value: pin })
    .go();
  return data?.owner_id ?? null;
}
