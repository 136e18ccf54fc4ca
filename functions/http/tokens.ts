import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { cognitoIssuer, env } from '../env';
import { ServiceUnavailable, isDependencyFailure } from './errors';

/** The two user pools a bearer token can come from. */
export type Area = 'client' | 'admin';

/** The user pool and app client of an area. */
export function poolOf(area: Area) {
  const e = env();
  return area === 'client'
    ? { poolId: e.CLIENT_USER_POOL_ID, clientId: e.CLIENT_USER_POOL_CLIENT_ID }
    : { poolId: e.ADMIN_USER_POOL_ID, clientId: e.ADMIN_USER_POOL_CLIENT_ID };
}

const keySets = new Map<Area, ReturnType<typeof createRemoteJWKSet>>();

function keySet(area: Area) {
  let set = keySets.get(area);
  if (!set) {
    // Kept per container; a key id not seen before is fetched again (at most every 30 s).
    set = createRemoteJWKSet(new URL(`${cognitoIssuer(poolOf(area).poolId)}/.well-known/jwks.json`), {
      timeoutDuration: 2_500,
    });
    keySets.set(area, set);
  }
  return set;
}

/**
 * A client user's Cognito username names their account and themself, so that authentication
 * loads the user and the account with one BatchGetItem. An admin's username is their id.
 */
export function clientUsername(accountId: string, userId: string): string {
  return `${accountId}.${userId}`;
}

export function parseClientUsername(username: string): { accountId: string; userId: string } | undefined {
  const match = /^([0-9A-Z]{26})\.([0-9A-Z]{26})$/.exec(username);
  return match ? { accountId: match[1]!, userId: match[2]! } : undefined;
}

/** When a token was issued (`iat`, whole seconds) and its id (`jti`). */
export interface TokenStamp {
  issuedAt: number;
  jti?: string;
}

export interface VerifiedToken extends TokenStamp {
  area: Area;
  /** The Cognito username (see clientUsername; an admin's id). */
  username: string;
}

/** The issuer a token claims, unverified: it tells which pool's keys to verify it with. */
function claimedIssuer(token: string): string | undefined {
  try {
    return decodeJwt(token).iss;
  } catch (error) {
    // The pool's keys could not be fetched: the token may well be valid, so do not end the session.
    if ((error as { code?: string }).code === 'ERR_JWKS_TIMEOUT' || isDependencyFailure(error))
      throw new ServiceUnavailable();
    return undefined;
  }
}

/**
 * Verifies a Cognito access token against its pool's JWKS, issuer, token_use and app client.
 * Answers which area it belongs to, or undefined when it is not a valid token of either pool.
 */
export async function verifyAccessToken(token: string): Promise<VerifiedToken | undefined> {
  const issuer = claimedIssuer(token);
  const area = (['client', 'admin'] as const).find((a) => cognitoIssuer(poolOf(a).poolId) === issuer);
  if (!area) return undefined;
  try {
    const { payload } = await jwtVerify(token, keySet(area), { issuer });
    if (payload.token_use !== 'access' || payload.client_id !== poolOf(area).clientId) return undefined;
    const username = typeof payload.username === 'string' ? payload.username : undefined;
    if (!username || typeof payload.iat !== 'number') return undefined;
    return {
      area,
      username,
      issuedAt: payload.iat,
      jti: typeof payload.jti === 'string' ? payload.jti : undefined,
    };
  } catch (error) {
    // The pool's keys could not be fetched: the token may well be valid, so do not end the session.
    if ((error as { code?: string }).code === 'ERR_JWKS_TIMEOUT' || isDependencyFailure(error))
      throw new ServiceUnavailable();
    return undefined;
  }
}
