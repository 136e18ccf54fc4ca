import { randomBytes, randomUUID } from 'node:crypto';
import { deleteCalendarChannel, saveLinkWatch } from './store';
import type { CalendarAccountItem, CalendarLinkItem } from '@core/table/entities';
import { env } from '@core/env';
import { secretHash } from '@core/auth/secret-hash';
import { logger } from '@core/logger';
import { connect, type Connected } from './access';
import type { WatchRef } from './providers/provider';

/**
 * The providers' push notifications on linked calendars, where the API has a public URL
 * (`CALENDAR_WEBHOOK_URL`): after a successful pull, a space's calendar is watched — a Google
 * channel or a Graph subscription posting to `/calendar/notify/{provider}` — and watched again
 * before the watch ends; the routes of notifications.ts then pull the space at once. Each watch
 * has a random secret token, which every notification carries back; the link keeps only its
 * SHA-256. A watch that cannot be made or stopped is logged: the schedule reads the calendar anyway.
 */

const DAY = 86_400_000;
/** What a watch is asked to last (Google's channels; Graph's client asks for its own limit). */
const WATCH_FOR = 7 * DAY;
/** A watch that ends within this is renewed by the next pull. */
const RENEW_WITHIN = DAY;

const watchOf = (link: CalendarLinkItem): WatchRef | undefined =>
  link.watch_channel_id
    ? {
        channelId: link.watch_channel_id,
        ...(link.watch_resource_id ? { resourceId: link.watch_resource_id } : {}),
        expiresAt: link.watch_expires_at ?? 0,
      }
    : undefined;

const failure = (error: unknown) => (error as Error).message || String(error);

async function stopQuietly(connected: Connected, ref: WatchRef): Promise<void> {
  await connected.client.stopWatch(connected.accessToken, ref).catch((error: unknown) => {
    logger.warn('A calendar watch could not be stopped', { channel: ref.channelId, error: failure(error) });
  });
}

/**
 * After a successful pull of `link`: watches its calendar when the API has a public URL and the
 * link has no watch, or one that ends within a day (Graph renews its subscription; Google opens a
 * new channel and the old one is stopped once the new one is recorded). The real clock decides,
 * whatever instant the pull read its window for. Never throws: a pull never fails for it.
 */
export async function keepWatch(link: CalendarLinkItem, connected: Connected): Promise<void> {
  const base = env().CALENDAR_WEBHOOK_URL?.replace(/\/+$/, '');
  if (!base) return;
  const current = watchOf(link);
  if (current && current.expiresAt > Date.now() + RENEW_WITHIN) return;
  const token = randomBytes(32).toString('base64url');
  try {
    const watch = await connected.client.watch(connected.accessToken, link.calendar_id, {
      channelId: randomUUID(),
      address: `${base}/calendar/notify/${link.provider}`,
      token,
      expiresAt: Date.now() + WATCH_FOR,
      ...(current ? { renew: current } : {}),
    });
    // A renewed subscription keeps the token it was made with.
    const renewed = current !== undefined && watch.channelId === current.channelId;
    const saved = await saveLinkWatch(link, {
      channelId: watch.channelId,
      ...(watch.resourceId ? { resourceId: watch.resourceId } : {}),
      tokenHash: renewed && link.watch_token_hash ? link.watch_token_hash : secretHash(token),
      expiresAt: watch.expiresAt,
    });
    // Another run watched it meanwhile, or the space stopped syncing: this watch is not needed.
    if (!saved && !renewed) await stopQuietly(connected, watch);
    if (saved && current && !renewed) await stopQuietly(connected, current);
    if (saved)
      logger.info('A calendar is watched', {
        space: link.space_id,
        provider: link.provider,
        expiresAt: new Date(watch.expiresAt).toISOString(),
      });
  } catch (error) {
    logger.warn('A calendar could not be watched', {
      space: link.space_id,
      provider: link.provider,
      error: failure(error),
    });
  }
}

/**
 * A client and token for stopping watches of `account`, or undefined when none is needed or the
 * provider cannot give one (the watches then end on their own). Asked before an account is
 * removed: a provider that rotates refresh tokens must be able to record the next one.
 */
export async function connectToStop(
  account: CalendarAccountItem | null,
  links: readonly CalendarLinkItem[],
): Promise<Connected | undefined> {
  if (!account || !links.some((link) => link.watch_channel_id)) return undefined;
  try {
    return await connect(account);
  } catch (error) {
    logger.warn('Calendar watches could not be stopped', {
      account: account.calendar_account_id,
      error: failure(error),
    });
    return undefined;
  }
}

/**
 * Stops the watches of links that no longer sync (best-effort) and deletes their lookup items:
 * a notification that still comes is refused (404) and changes nothing.
 */
export async function stopWatches(
  connected: Connected | undefined,
  links: readonly CalendarLinkItem[],
): Promise<void> {
  for (const link of links) {
    const watch = watchOf(link);
    if (!watch) continue;
    if (connected) await stopQuietly(connected, watch);
    await deleteCalendarChannel(watch.channelId).catch((error: unknown) => {
      logger.warn('A calendar channel could not be forgotten', {
        channel: watch.channelId,
        error: failure(error),
      });
    });
  }
}
