import { isConditionFailure } from '../table/transactions';
import type { SessionState } from './session-rule';
import type { Area } from './tokens';
import { db } from '../table/entities';
import { unexpired } from '../table/expiry';

/**
 * Where a person's sessions are recorded: the end of sessions and the admitted tokens on their
 * user or admin item, and each client sign-in's refresh token as its own item
 * (functions/core/auth/sessions.ts says what they mean).
 */
export interface Owner {
  area: Area;
  ownerId: string;
  /** A client user's account. */
  accountId?: string;
}

function patchOwner(owner: Owner) {
  return owner.area === 'client'
    ? db().entities.user.patch({ account_id: owner.accountId!, user_id: owner.ownerId })
    : db().entities.admin.patch({ admin_id: owner.ownerId });
}

/** Ends every session from now: records the time and forgets the tokens admitted before. */
export async function markSessionsEnded(owner: Owner, at: number): Promise<void> {
  await patchOwner(owner).set({ sessions_ended_at: at, sessions_admitted: [] }).go({ response: 'none' });
}

/**
 * Adds a token to those admitted, provided the sessions have not ended again since `endedAt`
 * was read. Answers false when they have.
 */
export async function admitToken(owner: Owner, endedAt: number, jti: string): Promise<boolean> {
  try {
    await patchOwner(owner)
      .append({ sessions_admitted: [jti] })
      .where(({ sessions_ended_at }, { eq }) => eq(sessions_ended_at, endedAt))
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Forgets one admitted token (an impersonation's, at its logout), provided the sessions have
 * not ended meanwhile and it is still admitted; otherwise there is nothing left to forget.
 */
export async function forgetAdmitted(owner: Owner, state: SessionState, jti: string): Promise<void> {
  try {
    await patchOwner(owner)
      .set({ sessions_admitted: state.sessions_admitted.filter((admitted) => admitted !== jti) })
      .where(
        ({ sessions_ended_at, sessions_admitted }, { eq, contains }) =>
          `${eq(sessions_ended_at, state.sessions_ended_at)} AND ${contains(sessions_admitted, jti)}`,
      )
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export interface RefreshSession {
  token_hash: string;
  account_id: string;
  user_id: string;
  started_at: number;
  /** The social sign-in it came from, `<provider>:<subject>`. */
  social_link?: string;
}

export async function putRefreshSession(session: RefreshSession, ttl: number): Promise<void> {
  await db()
    .entities.refreshSession.put({ ...session, ttl })
    .go({ response: 'none' });
}

/** The sign-in of a refresh token; none once it has expired (its TTL), deleted yet or not. */
export async function getRefreshSession(tokenHash: string): Promise<RefreshSession | null> {
  const { data } = await db().entities.refreshSession.get({ token_hash: tokenHash }).go({ consistent: true });
  return unexpired(data);
}

export async function deleteRefreshSession(tokenHash: string): Promise<void> {
  await db().entities.refreshSession.delete({ token_hash: tokenHash }).go({ response: 'none' });
}
