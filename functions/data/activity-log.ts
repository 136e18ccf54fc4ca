import { db, type ActivityItem } from './entities';

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
