import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getDeviceAndRoom, roomKeysOf } from './screen-room-store';
import type { DeviceItem } from '../table/entities';
import { bearerToken } from './authenticate';
import { Unauthorized } from '../errors';
import type { DevicePrincipal } from './principal';
import { matchesSecretHash } from './secret-hash';

/** What a device is told when its token is not (or no longer) good: register again. */
export const registerAgain = () => new Unauthorized('This screen must register again');

/**
 * The room-display device whose bearer token `<deviceId>.<secret>` a request carries, or
 * undefined: the device is read by its id and the secret's SHA-256 compared in constant time. No
 * user token is a device's. The one check of a device token, made by the device routes'
 * middleware (below) and, in AWS, first by API Gateway's authorizer of those routes
 * (functions/device/authorizer.ts). The device is one GetItem, all that a poll answered 304 by its
 * state version reads; a poll that names its room's keys in its `If-None-Match` instead (a device
 * with no state version yet; functions/core/auth/screen-room-store.ts `roomTag`) has those items read in the
 * same BatchGetItem, handed on as `roomItems` for the state to use if they are the device's.
 */
export async function deviceOfRequest(
  event: Partial<Pick<APIGatewayProxyEventV2, 'headers'>>,
  options: { room?: boolean } = {},
): Promise<{ device: DeviceItem; roomItems: Array<Record<string, unknown>> } | undefined> {
  const match = bearerToken(event)?.match(/^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{20,100})$/);
  if (!match) return undefined;
  const [, deviceId, secret] = match as unknown as [string, string, string];
  const keys =
    options.room === false
      ? undefined
      : roomKeysOf(event.headers?.['if-none-match'] ?? event.headers?.['If-None-Match']);
  const { device, items } = await getDeviceAndRoom(deviceId, keys);
  if (!device) return undefined;
  return matchesSecretHash(secret, device.token_hash) ? { device, roomItems: items } : undefined;
}

/** The device of a device route's request as its principal; a missing or bad token answers 401. */
export async function authenticateDevice(event: APIGatewayProxyEventV2): Promise<DevicePrincipal> {
  const found = await deviceOfRequest(event);
  if (!found) throw registerAgain();
  return {
    kind: 'device',
    deviceId: found.device.device_id,
    device: found.device,
    roomItems: found.roomItems,
  };
}
