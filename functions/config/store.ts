import type { ConfigKind } from '@shared/schemas/config';
import { Conflict } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { db, type ConfigItemRecord } from '@core/table/entities';
import { writeTransaction } from '@core/table/transactions';
import { CACHE_TTL_MS, ttlCache } from '@core/table/ttl-cache';

/** Titles are unique per list, ignoring case and surrounding space. */
const titleScope = (kind: ConfigKind) => `CONFIG#${kind}#TITLE`;
const titleKey = (title: string) => title.trim().toLowerCase();
const duplicate = () =>
  new Conflict('This title is already in use', { title: 'This title is already in use' });

/**
 * Each configuration list, as the container read it within the last minute (docs/data-model.md
 * "Cached reads"); a write in this container forgets its list at once.
 */
const lists = ttlCache<ConfigItemRecord[]>({ ttlMs: CACHE_TTL_MS, maxEntries: 20 });

export async function listConfigItems(kind: ConfigKind): Promise<ConfigItemRecord[]> {
  return structuredClone(
    await lists.get(kind, async () => {
      const { data } = await db().entities.configItem.query.byKind({ kind }).go({ pages: 'all' });
      return data;
    }),
  );
}

export async function getConfigItem(kind: ConfigKind, itemId: string): Promise<ConfigItemRecord | null> {
  const { data } = await db().entities.configItem.get({ kind, item_id: itemId }).go({ consistent: true });
  return data;
}

/** Writes a new item with its title guard; answers the item as written. */
export async function insertConfigItem(
  kind: ConfigKind,
  itemId: string,
  title: string,
  activity: ActivityInput,
): Promise<ConfigItemRecord> {
  const stamp = new Date().toISOString();
  const item: ConfigItemRecord = {
    kind,
    item_id: itemId,
    title,
    status: 'Active',
    created_at: stamp,
    updated_at: stamp,
  };
  await writeTransaction(
    ({ configItem, guard }) => [
      guard.create({ scope: titleScope(kind), value: titleKey(title), owner_id: itemId }).commit(),
      configItem.create(item).commit(),
    ],
    duplicate,
    activity,
  );
  lists.drop(kind);
  return item;
}

/**
 * Changes title and status; a new title moves its uniqueness guard in the same transaction.
 * Answers the item as written.
 */
export async function updateConfigItem(
  current: ConfigItemRecord,
  changes: { title: string; status?: 'Active' | 'Inactive' },
  activity: ActivityInput,
): Promise<ConfigItemRecord> {
  const renamed = titleKey(changes.title) !== titleKey(current.title);
  const { kind, item_id } = current;
  const updated: ConfigItemRecord = {
    ...current,
    title: changes.title,
    status: changes.status ?? current.status,
    updated_at: new Date().toISOString(),
  };
  await writeTransaction(
    ({ configItem, guard }) => [
      configItem
        .patch({ kind, item_id })
        .set({ title: updated.title, status: updated.status, updated_at: updated.updated_at })
        .where(({ title }, { eq }) => eq(title, current.title))
        .commit(),
      ...(renamed
        ? [
            guard
              .create({ scope: titleScope(kind), value: titleKey(changes.title), owner_id: item_id })
              .commit(),
            guard.delete({ scope: titleScope(kind), value: titleKey(current.title) }).commit(),
          ]
        : []),
    ],
    (index) =>
      index === 0 ? new Conflict('This item was changed meanwhile. Reload and try again') : duplicate(),
    activity,
  );
  lists.drop(kind);
  return updated;
}
