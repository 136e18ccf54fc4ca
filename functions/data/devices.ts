import type { ActivityInput } from './activity';
import type { DeviceItem, OccurrenceStateItem } from './entities';
import { db } from './entities';
import { pinScope } from './users';
import { runSteps } from './transactions';
import { Conflict } from '../http/errors';
import { screenCodeScope } from './screen-changes';

/**
 * Devices and their activation codes (docs/data-model.md): a device item by id, and a code item
 * per code in force, written together, so two devices never show the same code at once.
 */

const codeTaken = () => new Conflict('That activation code is taken');

/**
 * Writes a new device with its code, on condition that no device holds that code in force
 * (an expired one is overwritten). Answers false when the code is taken.
 */
export async function insertDevice(device: DeviceItem, codeTtl: number): Promise<boolean> {
  try {
    await runSteps((e) => [
      [
        e.deviceCode
          .put({
            code: device.code,
            device_id: device.device_id,
            expires_at: device.code_expires_at,
            ttl: codeTtl,
          })
          .where((attr, op) => `${op.notExists(attr.code)} OR ${op.lt(attr.expires_at, device.created_at)}`)
          .commit(),
        codeTaken,
      ],
      [e.device.create(device).commit(), codeTaken],
    ]);
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
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
export async function renewDeviceCode(
  device: DeviceItem,
  code: string,
  expiresAt: string,
  ttl: number,
): Promise<boolean> {
  const now = new Date().toISOString();
  try {
    await runSteps((e) => [
      [
        e.deviceCode
          .put({ code, device_id: device.device_id, expires_at: expiresAt, ttl })
          .where((attr, op) => `${op.notExists(attr.code)} OR ${op.lt(attr.expires_at, now)}`)
          .commit(),
        codeTaken,
      ],
      [
        e.device
          .patch({ device_id: device.device_id })
          .set({ code, code_expires_at: expiresAt, ttl: ttl + 30 * 24 * 3600 })
          .commit(),
        codeTaken,
      ],
    ]);
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
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
