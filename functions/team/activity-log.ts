import type * as z from 'zod';
import {
  daysInRange,
  maxActivityDays,
  type ActivityEntry,
  type activityComponents,
  type activityFilterSchema,
} from '@shared/schemas/activity';
import { findUser } from './store';
import { actorActivity, actorActivityPage, scopeActivityPage } from './activity-log-store';
import { activityScope } from '@core/table/activity-entry';
import { getAdmin } from '@core/people/admin-store';
import type { ActivityItem } from '@core/table/entities';
import { Invalid, NotFound } from '@core/errors';
import type { ClientPrincipal } from '@core/auth/principal';
import { fileUrl } from '@core/files/uploads';
import { instantToWallTime, wallTimeToInstant } from '@shared/wall-time';
import { activityPageSize, type ActivityPage, type teamActivityFilterSchema } from '@shared/schemas/team';

/**
 * Per-person activity logs (docs/product/admin-and-auth.md §2 "Admin users", §7): a super admin's or an account
 * user's changes in a date range, newest first, optionally of one component. Dates are UTC days.
 */
export type ActivityFilter = z.output<typeof activityFilterSchema>;
type Component = (typeof activityComponents)[number];

/** How the filter's components are stored where the names differ (the configuration lists log 'Amenity'). */
const storedNames: Partial<Record<Component, string[]>> = { Amenities: ['Amenity', 'Amenities'] };
/** The filter's name of a stored component; other names are shown as stored. */
const shownName: Record<string, string> = { Amenity: 'Amenities' };

/** The last 30 days up to today, today included (today − 29 … today), unless the filter says otherwise. */
export const defaultDays = 30;
const day = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOf = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/**
 * The filter's dates with their defaults, as the instants they span: [from 00:00, to + 1 day
 * 00:00), days as they are in `zone` (UTC unless the caller names its own).
 */
export function rangeOf(
  filter: ActivityFilter,
  now = Date.now(),
  zone = 'UTC',
): { from: string; to: string } {
  const toDate = filter.to_date ?? dateOf(instantToWallTime(now, zone));
  const fromDate = filter.from_date ?? dateOf(startOf(toDate) - (defaultDays - 1) * day);
  if (toDate < fromDate) throw new Invalid({ to_date: 'The end date must not be before the start date' });
  if (daysInRange(fromDate, toDate) > maxActivityDays) {
    throw new Invalid({ to_date: `The range may span at most ${maxActivityDays} days` });
  }
  return {
    from: new Date(wallTimeToInstant(startOf(fromDate), zone)).toISOString(),
    to: new Date(wallTimeToInstant(startOf(toDate) + day, zone)).toISOString(),
  };
}

/**
 * Entries as the API answers them, each with a presigned URL of its actor's photo (as the users
 * list has): signed here, without a read, once per photo however many entries share it.
 */
export function toActivityEntries(items: ActivityItem[]): Promise<ActivityEntry[]> {
  const urls = new Map<string, Promise<string | null>>();
  const urlOf = (key: string | undefined) => {
    if (!key) return Promise.resolve(null);
    let url = urls.get(key);
    if (!url) urls.set(key, (url = fileUrl(key)));
    return url;
  };
  return Promise.all(items.map(async (item) => toActivityEntry(item, await urlOf(item.actor.photo_uri))));
}

function toActivityEntry(item: ActivityItem, photoUrl: string | null): ActivityEntry {
  const { actor, impersonator } = item;
  return {
    id: item.activity_id,
    user: {
      first_name: actor.first_name ?? null,
      last_name: actor.last_name ?? null,
      user_role: actor.user_role ?? null,
      photo_uri: actor.photo_uri ?? null,
      photo_url: photoUrl,
      email: actor.email ?? null,
    },
    impersonated_by: impersonator?.id ? { id: impersonator.id, email: impersonator.email ?? '' } : null,
    component: shownName[item.component] ?? item.component,
    component_id: item.component_id,
    activity: item.activity,
    time: item.time,
  };
}

/**
 * The activity of a person who must exist (`find` reads them, alongside the log's Query), in the
 * filter's range and component.
 */
async function activityOf(
  actorId: string,
  filter: ActivityFilter,
  find: (id: string) => Promise<unknown>,
  what: string,
): Promise<ActivityEntry[]> {
  const range = rangeOf(filter);
  const components = filter.component && (storedNames[filter.component] ?? [filter.component]);
  const [person, items] = await Promise.all([find(actorId), actorActivity(actorId, range, components)]);
  if (!person) throw new NotFound(what);
  return toActivityEntries(items);
}

/** POST /admin/admins/{id}/activityLog */
export function adminActivity(adminId: string, filter: ActivityFilter): Promise<ActivityEntry[]> {
  return activityOf(adminId, filter, getAdmin, 'Admin user');
}

/** POST /admin/users/{id}/activityLog: a user of any account. */
export function userActivity(userId: string, filter: ActivityFilter): Promise<ActivityEntry[]> {
  return activityOf(userId, filter, findUser, 'User');
}

export type TeamActivityFilter = z.output<typeof teamActivityFilterSchema>;

/**
 * GET/POST /client/activityLog: the signed-in user's account's activity, or one of its users',
 * in the filter's days as the caller's time zone has them, newest first, a page at a time. The
 * components filter narrows each page (a page may then hold fewer entries than the page size).
 */
export async function accountActivity(
  principal: ClientPrincipal,
  filter: TeamActivityFilter,
): Promise<ActivityPage> {
  const range = rangeOf(filter, Date.now(), filter.time_zone ?? 'UTC');
  const page = { cursor: filter.cursor, limit: activityPageSize };
  const { user_id: userId } = filter;
  const [person, found] = await Promise.all([
    userId ? findUser(userId) : null,
    userId
      ? actorActivityPage(userId, range, page)
      : scopeActivityPage(activityScope(principal), range, page),
  ]);
  if (userId && person?.account_id !== principal.accountId) throw new NotFound('User');
  const names = filter.component && (storedNames[filter.component] ?? [filter.component]);
  const items = names ? found.items.filter((item) => names.includes(item.component)) : found.items;
  return { data: await toActivityEntries(items), next_cursor: found.cursor };
}
