import { randomBytes, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import type { DeviceRegistered, DeviceRegistrationInput } from '@shared/schemas/devices';
import type { DeviceItem } from '@core/table/entities';
import { countRequest, insertDevice } from './store';
import { env } from '@core/env';
import { ServiceUnavailable, TooManyRequests } from '@core/errors';
import { secretHash } from '@core/auth/secret-hash';

/**
 * Room-display devices (docs/architecture.md §7): registration hands a device its id,
 * a secret token (shown once, kept as a hash) and an activation code that an account user types as
 * a screen's `screen_id_no`.
 */

/** Letters and digits that cannot be read as one another (no 0/O, 1/I/L). */
export const ACTIVATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const ACTIVATION_CODE_LENGTH = 6;
/** How long a code is offered before the device must renew it. */
export const CODE_VALID_HOURS = 24;
/** Tries at a free code before giving up (with 31^6 codes, a second try is already rare). */
const CODE_TRIES = 5;

export function newActivationCode(): string {
  return Array.from(
    { length: ACTIVATION_CODE_LENGTH },
    () => ACTIVATION_ALPHABET[randomInt(ACTIVATION_ALPHABET.length)],
  ).join('');
}

/** Refuses a caller past the hourly number of registrations. */
async function throttleRegistrations(ip: string): Promise<void> {
  const hour = 3600;
  const now = Math.floor(Date.now() / 1000);
  const window = now - (now % hour);
  const count = await countRequest(`device-register#${ip}`, window, hour);
  if (count > env().DEVICE_REGISTRATIONS_PER_HOUR) {
    const wait = window + hour - now;
    const minutes = Math.ceil(wait / 60);
    throw new TooManyRequests(
      `Too many screens registered from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      wait,
    );
  }
}

/** POST /device/register: a new device, its secret token (shown this once) and its activation code. */
export async function registerDevice(ip: string, input: DeviceRegistrationInput): Promise<DeviceRegistered> {
  await throttleRegistrations(ip);
  const deviceId = ulid();
  const secret = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + CODE_VALID_HOURS * 3600_000);
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const device: DeviceItem = {
      device_id: deviceId,
      token_hash: secretHash(secret),
      code: newActivationCode(),
      code_expires_at: expires.toISOString(),
      app_version: input.app_version,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    if (await insertDevice(device)) {
      return {
        device_id: deviceId,
        token: `${deviceId}.${secret}`,
        code: device.code,
        code_expires_at: device.code_expires_at,
      };
    }
  }
  throw new ServiceUnavailable();
}
