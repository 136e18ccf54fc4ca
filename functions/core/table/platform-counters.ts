import { batchGet, owned } from './batch-get';
import { db, type PlatformStatsItem } from './entities';
import { allShards, anyShard } from './shards';
import type { Entities } from './transactions';

/**
 * The platform's totals (the admin dashboard), changed in the transaction of every write that
 * moves them: `statsChange(entities, { total_users: 1 })` inside `writeTransaction`. The totals of
 * accounts, users and venues are sharded (`platformStatsShard`: each change adds to one shard
 * chosen at random, so no one item takes every user and account write); `active_admins` is one
 * item, since its changes keep a condition on it (docs/data-model.md "Counters").
 */
type StatsDelta = Partial<PlatformStatsItem>;
type ShardedDelta = Partial<Omit<PlatformStatsItem, 'active_admins'>>;

/**
 * The transaction operation that adds `delta` (negative numbers subtract) to the totals: to a
 * shard of them, or to the super admins' total. One change moves one or the other.
 */
export function statsChange(entities: Entities, delta: StatsDelta, random: () => number = Math.random) {
  const { active_admins, ...sharded } = delta;
  if (active_admins !== undefined) {
    if (Object.keys(sharded).length) throw new Error('active_admins changes on its own');
    return entities.platformStats.update({}).add({ active_admins }).commit();
  }
  return entities.platformStatsShard
    .update({ stats_shard: anyShard(random) })
    .add(sharded satisfies ShardedDelta)
    .commit();
}

/**
 * The super admins' total changed on condition that it stays at or above `atLeast` after the
 * change (the last active super admin may not be deactivated: `active_admins` stays ≥ 1).
 */
export function statsChangeKeeping(
  entities: Entities,
  delta: Pick<StatsDelta, 'active_admins'>,
  keep: { field: 'active_admins'; atLeast: number },
) {
  const needed = keep.atLeast - (delta[keep.field] ?? 0);
  return entities.platformStats
    .update({})
    .add(delta)
    .where((attributes, { gte }) => gte(attributes[keep.field], needed))
    .commit();
}

/**
 * The totals: one BatchGetItem of the super admins' item (with what was counted there before the
 * totals were sharded) and every shard, summed; every counter is 0 before its first change.
 */
export async function getPlatformStats(): Promise<PlatformStatsItem> {
  const { platformStats, platformStatsShard } = db().entities;
  const items = await batchGet([
    platformStats.get({}).params().Key,
    ...allShards().map((stats_shard) => platformStatsShard.get({ stats_shard }).params().Key),
  ]);
  const totals: PlatformStatsItem = {
    total_accounts: 0,
    active_accounts: 0,
    total_users: 0,
    active_venues: 0,
    active_admins: 0,
  };
  for (const Item of items) {
    const item = platformStats.parse({ Item }, owned).data ?? platformStatsShard.parse({ Item }, owned).data;
    if (!item) continue;
    for (const field of Object.keys(totals) as Array<keyof PlatformStatsItem>) {
      const value = (item as Partial<PlatformStatsItem>)[field];
      if (typeof value === 'number') totals[field] += value;
    }
  }
  return totals;
}
