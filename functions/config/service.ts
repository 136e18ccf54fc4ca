import { ulid } from 'ulid';
import { configLabels, type ConfigItem, type ConfigKind } from '@shared/schemas/config';
import { getConfigItem, insertConfigItem, listConfigItems, updateConfigItem } from './store';
import type { ConfigItemRecord } from '@core/table/entities';
import { NotFound } from '@core/errors';
import type { Principal } from '@core/auth/principal';

function toConfigItem(record: ConfigItemRecord): ConfigItem {
  return {
    id: record.item_id,
    title: record.title,
    status: record.status,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

const byTitle = (a: ConfigItem, b: ConfigItem) => a.title.localeCompare(b.title);

export async function listItems(kind: ConfigKind, onlyActive = false): Promise<ConfigItem[]> {
  const records = await listConfigItems(kind);
  return records
    .filter((r) => !onlyActive || r.status === 'Active')
    .map(toConfigItem)
    .sort(byTitle);
}

/** Adds an item, logged as done by `principal`. */
export async function createItem(principal: Principal, kind: ConfigKind, title: string): Promise<ConfigItem> {
  const id = ulid();
  const label = configLabels[kind].singular;
  return toConfigItem(
    await insertConfigItem(kind, id, title, {
      principal,
      component: label,
      componentId: id,
      activity: `${label} created`,
    }),
  );
}

export async function updateItem(
  principal: Principal,
  kind: ConfigKind,
  id: string,
  changes: { title: string; status?: 'Active' | 'Inactive' },
): Promise<ConfigItem> {
  const label = configLabels[kind].singular;
  const current = await getConfigItem(kind, id);
  if (!current) throw new NotFound(label);
  return toConfigItem(
    await updateConfigItem(current, changes, {
      principal,
      component: label,
      componentId: id,
      activity: `${label} updated`,
    }),
  );
}
