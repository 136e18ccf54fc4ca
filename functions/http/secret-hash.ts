import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Secret tokens the API hands out and later checks (a room display's token, a calendar watch's
 * token) are kept only as their SHA-256, and a presented token is compared with it in constant time.
 */

/** The SHA-256 (hex) of a secret, as its item keeps it. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one whose SHA-256 (hex) `hash` is, compared in constant time. */
export function matchesSecretHash(secret: string | undefined, hash: string | undefined): boolean {
  if (secret === undefined || !hash || !/^[0-9a-f]{64}$/.test(hash)) return false;
  return timingSafeEqual(createHash('sha256').update(secret).digest(), Buffer.from(hash, 'hex'));
}
