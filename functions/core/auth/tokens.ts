import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { secretString } from '../aws/secrets';
import { env } from '../env';

/** The two user pools, and the two areas a session belongs to. */
export type Area = 'client' | 'admin';

/** The user pool and app client of an area. */
export function poolOf(area: Area) {
  const e = env();
  return area === 'client'
    ? { poolId: e.CLIENT_USER_POOL_ID, clientId: e.CLIENT_USER_POOL_CLIENT_ID }
    : { poolId: e.ADMIN_USER_POOL_ID, clientId: e.ADMIN_USER_POOL_CLIENT_ID };
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
  /** A token the API signed for a super admin acting as the user (RFC 8693 `act`). */
  actor?: { adminId: string };
  /** The social sign-in the session began with (`<provider>:<subject>`): it lasts while that is linked. */
  socialLink?: string;
}

/**
 * Verifies a session token. Every session is the API's own (functions/auth/sign-in.ts): a token
 * Cognito signed, got from it directly with a password or a refresh token, is none, and neither is
 * anything else. Answers its area, or undefined when it is not a valid session token.
 */
export async function verifyAccessToken(token: string): Promise<VerifiedToken | undefined> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return undefined;
  }
  return issuer === apiIssuer ? verifyApiToken(token) : undefined;
}

/**
 * The API's own tokens, every session's: a password sign-in (Cognito checked the password), one
 * that passed a second factor (functions/auth/second-factor.ts), a social sign-in (the
 * broker's ID token is verified, then the API signs the session), and a super admin acting as a
 * client user (impersonation). HS256 with the session secret, at most an hour, an impersonation
 * naming the admin in the RFC 8693 `act` claim; `username` is the person's Cognito username.
 */
const apiIssuer = 'urn:spaces:api';
const apiAudience: Record<Area, string> = { client: 'urn:spaces:client', admin: 'urn:spaces:admin' };
/** How long a token the API signs is valid: 1 hour. */
export const apiTokenSeconds = 3600;

/**
 * The signing key: locally the value itself; in AWS the secret's text, read once per container
 * (functions/core/aws/secrets.ts; a failed read is tried again on the next request).
 */
async function signingKey(): Promise<Uint8Array> {
  const { SESSION_SECRET, SESSION_SECRET_ARN } = env();
  if (SESSION_SECRET) return new TextEncoder().encode(SESSION_SECRET);
  if (!SESSION_SECRET_ARN) throw new Error('Invalid configuration: SESSION_SECRET or SESSION_SECRET_ARN');
  const value = await secretString(SESSION_SECRET_ARN);
  if (value.length < 32) throw new Error('The session secret is too short');
  return new TextEncoder().encode(value);
}

interface ApiTokenClaims {
  area: Area;
  /** The Cognito username of the person (see clientUsername; an admin's id). */
  username: string;
  /** The person's id (`sub`). */
  subject: string;
  jti: string;
  /** Epoch seconds. */
  issuedAt: number;
  /** The super admin acting as the client user (impersonation). */
  actorId?: string;
  /** The social sign-in the session began with, `<provider>:<subject>`. */
  socialLink?: string;
}

export async function signApiToken(claims: ApiTokenClaims): Promise<string> {
  return new SignJWT({
    token_use: 'access',
    username: claims.username,
    ...(claims.actorId ? { act: { sub: claims.actorId } } : {}),
    ...(claims.socialLink ? { social_link: claims.socialLink } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(apiIssuer)
    .setAudience(apiAudience[claims.area])
    .setSubject(claims.subject)
    .setJti(claims.jti)
    .setIssuedAt(claims.issuedAt)
    .setExpirationTime(claims.issuedAt + apiTokenSeconds)
    .sign(await signingKey());
}

const ulidPattern = /^[0-9A-Z]{26}$/;

async function verifyApiToken(token: string): Promise<VerifiedToken | undefined> {
  const key = await signingKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: apiIssuer,
      audience: Object.values(apiAudience),
      algorithms: ['HS256'],
      requiredClaims: ['iat', 'exp', 'jti', 'sub'],
    });
    const area = (Object.keys(apiAudience) as Area[]).find((a) => payload.aud === apiAudience[a]);
    const act = payload.act as { sub?: unknown } | undefined;
    const { username, iat, exp, jti } = payload;
    if (!area || payload.token_use !== 'access' || typeof username !== 'string') return undefined;
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > apiTokenSeconds) return undefined;
    if (typeof jti !== 'string') return undefined;
    if (area === 'admin' ? act !== undefined || !ulidPattern.test(username) : !parseClientUsername(username))
      return undefined;
    if (act !== undefined && typeof act?.sub !== 'string') return undefined;
    const socialLink = payload.social_link;
    if (socialLink !== undefined && typeof socialLink !== 'string') return undefined;
    return {
      area,
      username,
      issuedAt: iat,
      jti,
      ...(typeof act?.sub === 'string' ? { actor: { adminId: act.sub } } : {}),
      ...(socialLink ? { socialLink } : {}),
    };
  } catch {
    return undefined;
  }
}
