import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Secret tokens the API hands out and later checks (a room display's token, a calendar watch's
 * token) are kept only as their SHA-256, and a presented token is compared with it in constant time;
 * so is a secret the API is configured with (the origin-verify value) with the one a request presents.
 */

/** The SHA-256 (hex) of a secret, as its item keeps it. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one whose SHA-256 (hex) `hash` is, compared in constant time. */
export function matchesSecretHash(secret: string | undefined, hash: string | undefined): boolean {
  if (secret === undefined || !hash || !/^[0-9a-f]{64}$/.test(hash)) return false;
  return timingSafeEqual(createHash('sha256').update(secret).digest(), Buffer.from(hash, 'hex'));
}

/**
 * Whether a presented secret is the expected one, in constant time whatever their lengths (both
 * are hashed to SHA-256 first): the origin-verify header against its configured value.
 */
export function sameSecret(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(
    createHash('sha256').update(presented).digest(),
    createHash('sha256').update(expected).digest(),
  );
}
