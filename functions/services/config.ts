import { ulid } from 'ulid';
import { configLabels, type ConfigItem, type ConfigKind } from '../../shared/schemas/config';
import { getConfigItem, insertConfigItem, listConfigItems, updateConfigItem } from '../data/config-items';
import type { ConfigItemRecord } from '../data/entities';
import { NotFound } from '../http/errors';

export function toConfigItem(record: ConfigItemRecord): ConfigItem {
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

export async function createItem(kind: ConfigKind, title: string): Promise<ConfigItem> {
  return toConfigItem(await insertConfigItem(kind, ulid(), title));
}

export async function updateItem(
  kind: ConfigKind,
  id: string,
  changes: { title: string; status?: 'Active' | 'Inactive' },
): Promise<ConfigItem> {
  const current = await getConfigItem(kind, id);
  if (!current) throw new NotFound(configLabels[kind].singular);
  return toConfigItem(await updateConfigItem(current, changes));
}
