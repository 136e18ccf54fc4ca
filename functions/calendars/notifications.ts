import type { CalendarProvider } from '@shared/schemas/calendars';
import type { GraphNotifications } from '@shared/schemas/calendar-notifications';
import { getCalendarChannel, getCalendarLink } from './store';
import type { CalendarLinkItem } from '@core/table/entities';
import { Forbidden, NotFound } from '@core/errors';
import { logger } from '@core/logger';
import { matchesSecretHash } from '@core/auth/secret-hash';
import { pullSpace } from './pull';

/**
 * The providers' change notifications (`POST /calendar/notify/google`, `…/microsoft`), public
 * routes whose proof is the watch's secret token: Google's channel id and `X-Goog-Channel-Token`,
 * Graph's `subscriptionId` and `clientState`. A notification is checked before anything happens —
 * the channel's lookup item, then the link that must still name that channel, then the token
 * against the SHA-256 the link keeps, in constant time — and a valid one pulls its space at once,
 * as the pull job would (a pull is idempotent, so one already under way does no harm).
 */

/** Longer than any channel or subscription id the product or Graph makes. */
const MAX_ID = 200;

const unknownChannel = () => new NotFound('Notification channel');
const wrongToken = () => new Forbidden("The notification does not carry its channel's token");

/** The link a notification is for, when its channel is one in force and its token is the channel's. */
async function watchedLink(
  provider: CalendarProvider,
  channelId: string | undefined,
  token: string | undefined,
): Promise<CalendarLinkItem> {
  if (!channelId || channelId.length > MAX_ID) throw unknownChannel();
  const channel = await getCalendarChannel(channelId);
  if (!channel || channel.provider !== provider) throw unknownChannel();
  const link = await getCalendarLink(channel.account_id, channel.space_id);
  if (!link || link.provider !== provider || link.watch_channel_id !== channelId) throw unknownChannel();
  if (!matchesSecretHash(token, link.watch_token_hash)) throw wrongToken();
  return link;
}

async function pullNow(link: CalendarLinkItem): Promise<void> {
  const result = await pullSpace(link);
  logger.debug('A calendar notification was read', {
    space: link.space_id,
    provider: link.provider,
    ...(result ? { changes: result.changes, written: result.written, removed: result.removed } : {}),
  });
}

/** What a Google notification's headers say. */
export interface GoogleNotification {
  channelId?: string;
  token?: string;
  /** `sync` when the channel opens, `exists` when the calendar's events changed. */
  state?: string;
}

/** A Google notification: `sync` says the channel opened (nothing to do); others pull the space. */
export async function googleNotification(notification: GoogleNotification): Promise<void> {
  if (notification.state === 'sync') return;
  await pullNow(await watchedLink('google', notification.channelId, notification.token));
}

/**
 * A batch of Graph notifications: every one is checked before any space is pulled (one that fails
 * refuses the batch, changing nothing), then each space once.
 */
export async function graphNotifications(body: GraphNotifications): Promise<void> {
  const links = new Map<string, CalendarLinkItem>();
  for (const notification of body.value ?? []) {
    const link = await watchedLink('microsoft', notification.subscriptionId, notification.clientState);
    links.set(`${link.account_id}#${link.space_id}`, link);
  }
  for (const link of links.values()) await pullNow(link);
}
