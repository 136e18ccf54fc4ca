import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { db } from '../data/entities';
import { bearerToken } from './authenticate';
import { Unauthorized } from './errors';
import type { DevicePrincipal } from './principal';

/** What a device is told when its token is not (or no longer) good: register again. */
export const registerAgain = () => new Unauthorized('This screen must register again');

/**
 * A room-display device by its bearer token `<deviceId>.<secret>`: the device is read by its id
 * and the secret's SHA-256 compared in constant time. No user token is a device's (401).
 */
export async function authenticateDevice(event: APIGatewayProxyEventV2): Promise<DevicePrincipal> {
  const match = bearerToken(event)?.match(/^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{20,100})$/);
  if (!match) throw registerAgain();
  const [, deviceId, secret] = match as unknown as [string, string, string];
  const { data: device } = await db().entities.device.get({ device_id: deviceId }).go();
  if (!device) throw registerAgain();
  const given = createHash('sha256').update(secret).digest();
  const kept = Buffer.from(device.token_hash, 'hex');
  if (kept.length !== given.length || !timingSafeEqual(given, kept)) throw registerAgain();
  return { kind: 'device', deviceId, device };
}
