import { Invalid } from '@core/errors';
import { db, type ActivityItem } from '@core/table/entities';

/**
 * The activity of one person in a time range, newest first: one Query of gsi1
 * `ACTOR#<id>#ACTIVITY#`, sk between the two times (pattern 15), with the components asked for
 * (any of their stored names) as a filter.
 */
export async function actorActivity(
  actorId: string,
  range: { from: string; to: string },
  components?: readonly string[],
): Promise<ActivityItem[]> {
  const query = db()
    .entities.activity.query.byActor({ actor_id: actorId })
    .between({ time: range.from }, { time: range.to });
  const filtered = components?.length
    ? query.where(({ component }, { eq }) => components.map((name) => eq(component, name)).join(' OR '))
    : query;
  const { data } = await filtered.go({ order: 'desc', pages: 'all' });
  return data;
}

/** One page of a log and where the next one starts (an ElectroDB cursor), null on the last. */
export interface ActivityItemPage {
  items: ActivityItem[];
  cursor: string | null;
}

/**
 * A cursor as this log gave it out: the base64url JSON of a key of the same log (its partition
 * key `partition` under `partitionAttribute`), within the range. Anything else, such as a cursor
 * into another account's log, is refused before DynamoDB sees it.
 */
function checkedCursor(
  cursor: string | undefined,
  partitionAttribute: 'pk' | 'gsi1pk',
  partition: string,
  range: { from: string; to: string },
): string | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const attributes = partitionAttribute === 'pk' ? ['pk', 'sk'] : ['gsi1pk', 'gsi1sk', 'pk', 'sk'];
  const sortAttribute = partitionAttribute === 'pk' ? 'sk' : 'gsi1sk';
  const valid =
    typeof key === 'object' &&
    key !== null &&
    Object.keys(key).length === attributes.length &&
    attributes.every((name) => typeof (key as Record<string, unknown>)[name] === 'string') &&
    (key as Record<string, string>)[partitionAttribute] === partition &&
    (key as Record<string, string>)[sortAttribute]! >= range.from &&
    (key as Record<string, string>)[sortAttribute]! <= `${range.to}#`;
  if (!valid) throw new Invalid({ cursor: 'This page of the list is not known. Start from the first page' });
  return cursor;
}

/**
 * A page of the activity of an account or the platform in a time range, newest first: one Query
 * of `<scope>#ACTIVITY#`, sk between the two times (pattern 14), at most `limit` entries.
 */
export async function scopeActivityPage(
  scope: string,
  range: { from: string; to: string },
  page: { cursor?: string; limit: number },
): Promise<ActivityItemPage> {
  const { activity } = db().entities;
  const partition = activity.query
    .byScope({ scope })
    .params<{ ExpressionAttributeValues: Record<string, string> }>().ExpressionAttributeValues[':pk']!;
  const cursor = checkedCursor(page.cursor, 'pk', partition, range);
  const { data, cursor: next } = await activity.query
    .byScope({ scope })
    .between({ time: range.from }, { time: range.to })
    .go({ order: 'desc', limit: page.limit, cursor });
  return { items: data, cursor: next };
}

/** A page of one person's activity in a time range, newest first (pattern 15), at most `limit` entries. */
export async function actorActivityPage(
  actorId: string,
  range: { from: string; to: string },
  page: { cursor?: string; limit: number },
): Promise<ActivityItemPage> {
  const { activity } = db().entities;
  const partition = activity.query.byActor({ actor_id: actorId }).params<{
    ExpressionAttributeValues: Record<string, string>;
  }>().ExpressionAttributeValues[':pk']!;
  const cursor = checkedCursor(page.cursor, 'gsi1pk', partition, range);
  const { data, cursor: next } = await activity.query
    .byActor({ actor_id: actorId })
    .between({ time: range.from }, { time: range.to })
    .go({ order: 'desc', limit: page.limit, cursor });
  return { items: data, cursor: next };
}
