import type { ActivityInput } from './activity';
import { batchGet, owned, pick } from './batch';
import type {
  AccountItem,
  DeviceItem,
  OccurrenceStateItem,
  ScreenItem,
  SpaceAlertsItem,
  SpaceItem,
  VenueItem,
} from './entities';
import { db } from './entities';
import { pinScope } from './users';
import { runSteps, type Entities, type Step } from './transactions';
import { Conflict } from '../http/errors';
import { screenCodeScope } from './screen-changes';

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

/** Runs a write that takes a code; false when another device holds the code. */
async function takingCode(build: (e: Entities) => Step[]): Promise<boolean> {
  try {
    await runSteps(build);
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
}

/**
 * Writes a new device with its code, on condition that no device holds that code in force
 * (an expired one is overwritten). Answers false when the code is taken.
 */
export function insertDevice(device: DeviceItem): Promise<boolean> {
  return takingCode((e) => [
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
  return takingCode((e) => [
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
 * status, version and last check-in (what the screen cards show).
 */
export async function recordHeartbeat(
  device: DeviceItem,
  screen: { account_id: string; screen_id: string },
  appVersion: string | undefined,
  at: string,
): Promise<void> {
  await Promise.all([
    db()
      .entities.device.patch({ device_id: device.device_id })
      .set({ last_seen_at: at, ...(appVersion ? { app_version: appVersion } : {}) })
      .go(),
    db()
      .entities.screen.patch({ account_id: screen.account_id, screen_id: screen.screen_id })
      .set({ device_status: 'Online', last_check_in: at, ...(appVersion ? { app_version: appVersion } : {}) })
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

/** Writes a check-in with its activity entry; false when the occurrence was checked in already. */
export async function insertCheckIn(state: OccurrenceStateItem, activity: ActivityInput): Promise<boolean> {
  try {
    await runSteps(
      (e) => [[e.occurrenceState.create(state).commit(), () => new Conflict('Already checked in')]],
      activity,
    );
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
}

/** A screen and what a display of it shows: its account, space, venue and alerts item. */
export interface ScreenRoom {
  screen: ScreenItem;
  account: AccountItem | null;
  space: SpaceItem | null;
  venue: VenueItem | null;
  alerts: SpaceAlertsItem | null;
}

/** A bound device's screen (GetItem), then its account, space, venue and alerts (one BatchGetItem). */
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
  return {
    screen,
    account: pick(items, (answer) => e.account.parse(answer, owned)),
    space: pick(items, (answer) => e.space.parse(answer, owned)),
    venue: pick(items, (answer) => e.venue.parse(answer, owned)),
    alerts: pick(items, (answer) => e.spaceAlerts.parse(answer, owned)),
  };
}
