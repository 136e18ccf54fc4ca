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
