import type { TokenStamp } from './tokens';

/**
 * Sessions end exactly at logout, password change and reset (docs/architecture.md §5). The API stamps an access
 * token with its issue time in whole seconds (`iat`), so the second of an end holds tokens from
 * before it and after it alike. The rule:
 *
 * - ending sessions records the time in ms (`sessions_ended_at`) and forgets admitted tokens;
 * - a token is good when it was issued clearly after that (by more than `clockSkewMs`, for the
 *   clocks of the API's containers), or when it is admitted;
 * - a token the API obtains itself (sign-in, refresh) within that margin is admitted by its `jti`,
 *   on condition that the sessions have not ended again since the API read the time: so a token
 *   from a sign-in after a logout works within the same second, and one from before does not.
 *
 * A client's refresh token is recorded (its hash) with the time of its sign-in, so a refresh
 * cannot bring back a session that ended after that sign-in.
 */
const clockSkewMs = 1_000;

export interface SessionState {
  sessions_ended_at: number;
  sessions_admitted: string[];
}

/** Whether a token belongs to a session that has not ended. */
export function sessionOpen(state: SessionState, token: TokenStamp): boolean {
  if (token.issuedAt * 1000 > state.sessions_ended_at + clockSkewMs) return true;
  return token.jti !== undefined && state.sessions_admitted.includes(token.jti);
}

/**
 * Whether a token outlived its account's last deactivation (`sessions_ended_at` of the account,
 * epoch ms). A token of the second of the deactivation or later is kept: nobody can sign in
 * while the account is inactive, so such a token comes from after its reactivation, or from the
 * instant before the deactivation, and the account is active again either way.
 */
export function accountSessionOpen(account: { sessions_ended_at?: number }, token: TokenStamp): boolean {
  return (token.issuedAt + 1) * 1000 > (account.sessions_ended_at ?? 0);
}
