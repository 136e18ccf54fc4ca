import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import {
  admitToken,
  deleteRefreshSession,
  forgetAdmitted,
  getRefreshSession,
  markSessionsEnded,
  putRefreshSession,
  type Owner,
  type RefreshSession,
} from './session-store';
import { Unauthorized } from '../errors';
import { sessionOpen, type SessionState } from './session-rule';
import type { TokenStamp } from './tokens';

/** How sessions end exactly: functions/core/auth/session-rule.ts. */
const refreshDays = 30;

const ended = new Unauthorized('Your session has ended. Please log in again');

function stampOf(accessToken: string): TokenStamp {
  const { iat, jti } = decodeJwt(accessToken);
  return { issuedAt: iat ?? 0, jti: typeof jti === 'string' ? jti : undefined };
}

/**
 * After the API signed `accessToken` for a person whose state it had read before checking the
 * first factor: admits the token when its time alone cannot tell it from one issued before the end.
 */
export async function admit(owner: Owner, stateRead: SessionState, accessToken: string): Promise<void> {
  const stamp = stampOf(accessToken);
  if (sessionOpen(stateRead, stamp)) return;
  if (!stamp.jti || !(await admitToken(owner, stateRead.sessions_ended_at, stamp.jti))) throw ended;
}

/** Ends one session the API admitted by its token's `jti` (an impersonation), and no other. */
export async function forgetAdmittedToken(owner: Owner, state: SessionState, jti: string): Promise<void> {
  await forgetAdmitted(owner, state, jti);
}

/** Ends every session of a person from this moment. */
export async function endSessions(owner: Owner): Promise<void> {
  await markSessionsEnded(owner, Date.now());
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records a client's new refresh token with the time of the sign-in that issued it. */
export async function recordRefreshToken(
  owner: { accountId: string; userId: string },
  refreshToken: string,
  startedAt: number,
  socialLink?: string,
): Promise<void> {
  await putRefreshSession(
    {
      token_hash: hashOf(refreshToken),
      account_id: owner.accountId,
      user_id: owner.userId,
      started_at: startedAt,
      ...(socialLink ? { social_link: socialLink } : {}),
    },
    Math.floor(startedAt / 1000) + refreshDays * 24 * 3600,
  );
}

/** The sign-in a refresh token came from, or an Unauthorized when there is none. */
export async function refreshTokenOrigin(refreshToken: string): Promise<RefreshSession> {
  const session = await getRefreshSession(hashOf(refreshToken));
  if (!session) throw ended;
  return session;
}

export async function forgetRefreshToken(refreshToken: string): Promise<void> {
  await deleteRefreshSession(hashOf(refreshToken));
}
