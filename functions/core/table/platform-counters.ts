import { db, type PlatformStatsItem } from './entities';
import type { Entities } from './transactions';

/**
 * The platform's totals (the admin dashboard), one item changed in the transaction of every
 * write that moves them: `entities.platformStats` inside `writeTransaction`, with
 * `statsChange(entities, { total_users: 1 })`.
 */
type StatsDelta = Partial<Omit<PlatformStatsItem, never>>;

/** The transaction operation that adds `delta` (negative numbers subtract) to the totals. */
export function statsChange(entities: Entities, delta: StatsDelta) {
  return entities.platformStats.update({}).add(delta).commit();
}

/**
 * The same, on condition that a total stays at or above `atLeast` after the change (e.g. the
 * last active super admin may not be deactivated: `active_admins` stays ≥ 1).
 */
export function statsChangeKeeping(
  entities: Entities,
  delta: StatsDelta,
  keep: { field: keyof PlatformStatsItem; atLeast: number },
) {
  const needed = keep.atLeast - (delta[keep.field] ?? 0);
  return entities.platformStats
    .update({})
    .add(delta)
    .where((attributes, { gte }) => gte(attributes[keep.field], needed))
    .commit();
}

/** The totals; every counter is 0 before its first change. */
export async function getPlatformStats(): Promise<PlatformStatsItem> {
  const { data } = await db().entities.platformStats.get({}).go();
  return {
    total_accounts: data?.total_accounts ?? 0,
    active_accounts: data?.active_accounts ?? 0,
    total_users: data?.total_users ?? 0,
    active_venues: data?.active_venues ?? 0,
    active_admins: data?.active_admins ?? 0,
  };
}
