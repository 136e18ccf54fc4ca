import { setCalendarAccountState } from './store';
import type { CalendarAccountItem } from '@core/table/entities';
import { calendarMessages } from '@shared/schemas/calendars';
import { calendarClient } from './providers/clients';
import { GrantRefused, type CalendarClient } from './providers/provider';
import { openToken, sealToken } from './token-vault';

/**
 * Access tokens of linked accounts, got with their sealed refresh tokens and kept in memory until
 * a minute before they expire (a job's Lambda reuses them across runs). A refused refresh marks
 * the account 'Reconnect needed', which the venue form shows, and the jobs then pass it by.
 */

const cache = new Map<string, { token: string; expiresAt: number }>();

/** Forgets an account's access token: after a new grant or a removal. */
export function forgetAccessToken(calendarAccountId: string): void {
  cache.delete(calendarAccountId);
}

/** Why an account needs reconnecting, in the words the venue form shows. */
const refusedReason = (item: CalendarAccountItem) =>
  `${item.provider === 'google' ? 'Google' : 'Microsoft'} no longer accepts the link to ${item.email}. Link the account again`;

export interface Connected {
  client: CalendarClient;
  accessToken: string;
}

/**
 * A client and a live access token for a linked account. Throws `GrantRefused` (after marking the
 * account) when the provider refused the grant, `ProviderUnavailable` when it did not answer.
 */
export async function connect(item: CalendarAccountItem): Promise<Connected> {
  const client = await calendarClient(item.provider);
  if (!client) throw new GrantRefused(`${item.provider} calendars are not configured here`);
  if (item.status !== 'Connected') throw new GrantRefused(calendarMessages.reconnect);
  const cached = cache.get(item.calendar_account_id);
  if (cached && cached.expiresAt > Date.now() + 60_000) return { client, accessToken: cached.token };
  const context = { accountId: item.account_id, calendarAccountId: item.calendar_account_id };
  const refreshToken = await openToken(item.sealed_token, context);
  try {
    const fresh = await client.refresh(refreshToken);
    cache.set(item.calendar_account_id, { token: fresh.accessToken, expiresAt: fresh.expiresAt });
    if (fresh.refreshToken && fresh.refreshToken !== refreshToken) {
      await setCalendarAccountState(item, {
        status: 'Connected',
        sealed_token: await sealToken(fresh.refreshToken, context),
      });
    }
    return { client, accessToken: fresh.accessToken };
  } catch (error) {
    if (error instanceof GrantRefused) {
      cache.delete(item.calendar_account_id);
      await setCalendarAccountState(item, { status: 'Reconnect needed', status_reason: refusedReason(item) });
    }
    throw error;
  }
}

/** After the API refused a token that looked live (revoked meanwhile): refresh on the next call. */
export function tokenRefused(item: CalendarAccountItem): void {
  cache.delete(item.calendar_account_id);
}
