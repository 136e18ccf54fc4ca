import { createHash } from 'node:crypto';
import { batchGet, owned } from '@core/table/batch-get';
import { allShards } from '@core/table/shards';
import { db, type CapFeedItem, type SpaceAlertsItem, type SpaceItem } from '@core/table/entities';

/**
 * What the CAP job keeps (docs/data-model.md): per feed URL what it last read (`CAPFEED#<sha256>#`,
 * shared by every space that lists the URL), and per space the alerts in force
 * (`ACCOUNT#<id>#` / `CAPALERTS#<spaceId>#`), which a screen's poll reads by key.
 */

export const feedUrlHash = (url: string) => createHash('sha256').update(url).digest('hex');

/** The spaces whose feeds the job polls: one Query per shard of the sparse `capWatch` index. */
export async function listWatchingSpaces(): Promise<SpaceItem[]> {
  const shards = allShards();
  const pages = await Promise.all(
    shards.map((shard) =>
      db().entities.space.query.capWatch({ cap_watch_shard: shard }).go({ pages: 'all' }),
    ),
  );
  return pages.flatMap(({ data }) => data);
}

/**
 * Some watching spaces by key (one BatchGetItem per 100): those of a message of the CAP job's
 * planner, as they are now; a space that stopped watching meanwhile is left out.
 */
export async function getWatchingSpaces(
  keys: ReadonlyArray<{ account_id: string; space_id: string }>,
): Promise<SpaceItem[]> {
  const { space } = db().entities;
  const items = await batchGet(keys.map((key) => space.get(key).params().Key));
  return items
    .flatMap((Item) => space.parse({ Item }, owned).data ?? [])
    .filter((item) => item.cap_watch_shard);
}

/**
 * What was last read from these URLs, by URL (one BatchGetItem per 100); `consistent` for what
 * another worker of the same run may just have written.
 */
export async function getFeedItems(
  urls: readonly string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, CapFeedItem>> {
  const { capFeed } = db().entities;
  const items = await batchGet(
    urls.map((url) => capFeed.get({ url_hash: feedUrlHash(url) }).params().Key),
    options,
  );
  const found = new Map<string, CapFeedItem>();
  for (const Item of items) {
    const feed = capFeed.parse({ Item }, owned).data;
    if (feed) found.set(feed.url, feed);
  }
  return found;
}

/** The alerts items of these spaces, by space id. */
export async function getSpaceAlertItems(
  spaces: ReadonlyArray<{ account_id: string; space_id: string }>,
): Promise<Map<string, SpaceAlertsItem>> {
  const { spaceAlerts } = db().entities;
  const items = await batchGet(
    spaces.map(({ account_id, space_id }) => spaceAlerts.get({ account_id, space_id }).params().Key),
  );
  const found = new Map<string, SpaceAlertsItem>();
  for (const Item of items) {
    const alerts = spaceAlerts.parse({ Item }, owned).data;
    if (alerts) found.set(alerts.space_id, alerts);
  }
  return found;
}

/** Writes items with BatchWriteItem (25 a call, ElectroDB retries unprocessed ones). */
export async function putFeedItems(items: CapFeedItem[]): Promise<void> {
  if (items.length) await db().entities.capFeed.put(items).go({ concurrency: 4 });
}

export async function putSpaceAlertItems(items: SpaceAlertsItem[]): Promise<void> {
  if (items.length) await db().entities.spaceAlerts.put(items).go({ concurrency: 4 });
}

/** A space's alerts item and the feed items of its URLs: one BatchGetItem (GET /client/capAlerts). */
export async function getSpaceAlertsAndFeeds(
  accountId: string,
  spaceId: string,
  urls: readonly string[],
): Promise<{ alerts: SpaceAlertsItem | null; feeds: Map<string, CapFeedItem> }> {
  const { spaceAlerts, capFeed } = db().entities;
  const items = await batchGet([
    spaceAlerts.get({ account_id: accountId, space_id: spaceId }).params().Key,
    ...urls.map((url) => capFeed.get({ url_hash: feedUrlHash(url) }).params().Key),
  ]);
  let alerts: SpaceAlertsItem | null = null;
  const feeds = new Map<string, CapFeedItem>();
  for (const Item of items) {
    alerts ??= spaceAlerts.parse({ Item }, owned).data;
    const feed = capFeed.parse({ Item }, owned).data;
    if (feed) feeds.set(feed.url, feed);
  }
  return { alerts, feeds };
}
