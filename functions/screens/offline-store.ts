import { batchGet, owned } from '@core/table/batch-get';
import {
  db,
  type ScreenItem,
  type ScreenNoticeItem,
  type SpaceItem,
  type VenueItem,
} from '@core/table/entities';
import { epochSeconds, expired } from '@core/table/expiry';
import { allShards, shardOf } from '@core/table/shards';
import { runStepsIf, type Step } from '@core/table/transactions';
import { Conflict } from '@core/errors';

/** How long a screen notice is kept if no run sends it (a month past due). */
const NOTICE_KEPT_SECONDS = 30 * 24 * 3600;

/** The outbox item of a mail the offline job owes about a screen (docs/data-model.md). */
export function screenNotice(
  screen: Pick<ScreenItem, 'account_id' | 'screen_id'>,
  kind: ScreenNoticeItem['kind'],
  dueAt: string,
  since: string,
): ScreenNoticeItem {
  return {
    shard: shardOf(screen.screen_id),
    due_at: dueAt,
    account_id: screen.account_id,
    screen_id: screen.screen_id,
    kind,
    since,
    ttl: epochSeconds(dueAt) + NOTICE_KEPT_SECONDS,
  };
}

/**
 * What the offline job reads and writes (docs/data-model.md): the Online screens by heartbeat
 * (sparse, sharded), the notices it owes (its outbox, by shard and due time), and the digests it
 * sent.
 */

/** The screens whose last heartbeat is before `before` (ISO): one Query per shard. */
export async function listSilentScreens(before: string): Promise<ScreenItem[]> {
  const pages = await Promise.all(
    allShards().map((shard) =>
      db()
        .entities.screen.query.heartbeat({ heartbeat_shard: shard })
        .lt({ heartbeat_at: before })
        .go({ pages: 'all' }),
    ),
  );
  return pages.flatMap(({ data }) => data);
}

/**
 * Turns a silent screen Offline and leaves the heartbeat index, with the notice its recipients
 * are owed if any, on condition that no heartbeat came meanwhile. False when one did.
 */
export async function markOffline(
  screen: ScreenItem,
  notice: Pick<ScreenNoticeItem, 'kind' | 'due_at'> | null,
): Promise<boolean> {
  const { account_id, screen_id, heartbeat_at } = screen;
  return runStepsIf((e) => [
    [
      e.screen
        .patch({ account_id, screen_id })
        .set({ device_status: 'Offline', offline_since: heartbeat_at })
        .remove(['heartbeat_shard', 'heartbeat_at'])
        .where((attr, { eq }) => eq(attr.heartbeat_at, heartbeat_at!))
        .commit(),
      () => new Conflict('The screen polled meanwhile'),
    ],
    ...(notice
      ? [
          [
            e.screenNotice.put(screenNotice(screen, notice.kind, notice.due_at, heartbeat_at!)).commit(),
            () => new Conflict('Notice not written'),
          ] as Step,
        ]
      : []),
  ]);
}

/**
 * The notices due by `now` (epoch ms): one Query per shard. A notice no run sent within a month of
 * its due time (its TTL) is stale and left out, deleted yet or not.
 */
export async function listDueNotices(now: number): Promise<ScreenNoticeItem[]> {
  // Before the next millisecond: the sort key goes on after the time, so `<=` on it alone misses
  // the notices due exactly now.
  const before = new Date(now + 1).toISOString();
  const pages = await Promise.all(
    allShards().map((shard) =>
      db().entities.screenNotice.query.byDue({ shard }).lt({ due_at: before }).go({ pages: 'all' }),
    ),
  );
  return pages.flatMap(({ data }) => data).filter((notice) => !expired(notice.ttl, now));
}

/** Takes a notice to send it (deletes it on condition that it is still there): false when another run did. */
export function claimNotice(notice: ScreenNoticeItem): Promise<boolean> {
  return runStepsIf((e) => [
    [
      e.screenNotice
        .delete(notice)
        .where((attr, { exists }) => exists(attr.shard))
        .commit(),
      () => new Conflict('Sent by another run'),
    ],
  ]);
}

/** Puts a claimed notice back when its mail could not be sent: the next run tries again. */
export async function restoreNotice(notice: ScreenNoticeItem): Promise<void> {
  await db().entities.screenNotice.put(notice).go();
}

/** Notes a digest as sent, on condition that it was not: false when it was. */
export function markDigestSent(digest: string, ttl: number): Promise<boolean> {
  return runStepsIf((e) => [
    [e.digestSent.create({ digest, ttl }).commit(), () => new Conflict('Digest sent already')],
  ]);
}

/** Forgets a digest noted as sent whose mail then failed, so the next run sends it. */
export async function unmarkDigestSent(digest: string): Promise<void> {
  await db().entities.digestSent.delete({ digest }).go();
}

/** Screens by key with their spaces and venues (BatchGetItem), for the mails. */
export async function getScreenPlaces(
  keys: ReadonlyArray<{ account_id: string; screen_id: string }>,
): Promise<{ screens: ScreenItem[]; spaces: SpaceItem[]; venues: VenueItem[] }> {
  const e = db().entities;
  const screenItems = await batchGet(keys.map((key) => e.screen.get(key).params().Key));
  const screens = screenItems.flatMap((Item) => e.screen.parse({ Item }, owned).data ?? []);
  const placeItems = await batchGet([
    ...new Map(
      screens.flatMap(({ account_id, venue_id, space_id }) => [
        [`${account_id}#V#${venue_id}`, e.venue.get({ account_id, venue_id }).params().Key],
        [`${account_id}#S#${space_id}`, e.space.get({ account_id, space_id }).params().Key],
      ]),
    ).values(),
  ]);
  return {
    screens,
    spaces: placeItems.flatMap((Item) => e.space.parse({ Item }, owned).data ?? []),
    venues: placeItems.flatMap((Item) => e.venue.parse({ Item }, owned).data ?? []),
  };
}
