/**
 * The shards of the sparse indexes the scheduled jobs read across accounts (spaces with alert
 * feeds or check-in, screens by heartbeat, screen notices): docs/architecture.md §7, no single hot partition.
 * An item's shard comes from its id, so it never moves; a job queries every shard.
 */
const WATCH_SHARDS = 8;

/** The shard of an item with this id. */
export function shardOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return String(hash % WATCH_SHARDS);
}

/** Every shard, for a job's Queries. */
export const allShards = (): string[] => Array.from({ length: WATCH_SHARDS }, (_, shard) => String(shard));

/** A shard chosen at random, for a counter whose every write may go to any of its shards. */
export const anyShard = (random: () => number = Math.random): string =>
  String(Math.min(WATCH_SHARDS - 1, Math.floor(random() * WATCH_SHARDS)));

/**
 * The newest `limit` items of a list kept in shards (the admin dashboard's recent users and
 * screens): each shard's newest `limit`, read together, merged by `order` (their index's sort
 * key: creation time, then id) and cut to `limit`.
 */
export async function newestAcrossShards<T>(
  limit: number,
  read: (shard: string) => Promise<T[]>,
  order: (item: T) => string,
): Promise<T[]> {
  const pages = await Promise.all(allShards().map(read));
  return pages
    .flat()
    .sort((a, b) => (order(a) < order(b) ? 1 : order(a) > order(b) ? -1 : 0))
    .slice(0, limit);
}
