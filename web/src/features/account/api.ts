import type { ScopedMutator } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { meRoutes } from '@shared/api/me-routes';
import { teamRoutes } from '@shared/api/team-routes';
import type { Status } from '@shared/schemas/common';
import type { ActivityPage, TeamActivityFilter } from '@shared/schemas/team';
import { venuesRoutes } from '@shared/api/venues-routes';
import { callRoute, pathOf, readRoute, useRoute, type RouteInput } from '../../api/call';

/**
 * The client's Account section (docs/product/client-area.md §7 "Account, lookups, users", "Activity log"): one
 * swr hook per resource keyed by its API path, as web/src/api/hooks.ts. Errors are toasted by the
 * fetch client.
 */

/** The swr keys (API paths) that writes revalidate. */
export const teamPaths = {
  users: pathOf(teamRoutes['list-users']),
  activity: pathOf(teamRoutes['search-activity']),
} as const;

/** The users of the signed-in user's account, newest first. */
export function useTeamUsers() {
  return useRoute(teamRoutes['list-users'], {});
}

/** A Venue Manager's venues or an Event Coordinator's spaces, with their permission; fetched when `id` is set. */
export function useUserProperties(id: string | null) {
  return useRoute(venuesRoutes['list-user-properties'], id ? { params: { id } } : null);
}

/** Changes the account's details (the client's Account tab). */
export const updateAccount = (body: RouteInput<(typeof teamRoutes)['update-account']>['body']) =>
  callRoute(teamRoutes['update-account'], { body });

/**
 * Adds a user to the account, or changes one: the user form's saves, whose values are what the
 * client area's schema of each (components/users/UserForm.tsx) gave.
 */
export const saveTeamUser = {
  create: (body: object) =>
    callRoute(teamRoutes['create-user'], {
      body: body as RouteInput<(typeof teamRoutes)['create-user']>['body'],
    }),
  update: (id: string, body: object) =>
    callRoute(teamRoutes['update-user'], {
      params: { id },
      body: body as RouteInput<(typeof teamRoutes)['update-user']>['body'],
    }),
};

/** Gives the signed-in user a new PIN (their profile). */
export const resetOwnPin = () => callRoute(meRoutes['reset-pin']);

/** A failure is not toasted here: the status switch says it, with the server's message. */
export function setTeamUserStatus(id: string, status: Status) {
  return callRoute(teamRoutes['set-user-status'], { params: { id, status } }, { toastErrors: false });
}

export function resetTeamUserPin(id: string) {
  return callRoute(teamRoutes['reset-user-pin'], { params: { id } });
}

/** The filter of the activity tab: the days and the browser's time zone (the API reads the days in it). */
export type ActivityQuery = Pick<TeamActivityFilter, 'from_date' | 'to_date' | 'user_id'>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The swr key of one page of the activity log: the path, the filter, where the page starts. */
type ActivityPageKey = [path: string, filter: ActivityQuery, cursor: string | null];

const activityPageKey = (query: ActivityQuery, cursor: string | null): ActivityPageKey => [
  teamPaths.activity,
  query,
  cursor,
];

/** One page of the activity log (POST /client/activityLog). */
function fetchActivityPage([, filter, cursor]: ActivityPageKey): Promise<ActivityPage> {
  return readRoute(teamRoutes['search-activity'], {
    body: { ...filter, time_zone: browserZone(), ...(cursor ? { cursor } : {}) },
  });
}

/**
 * The account's activity for `query` (null: nothing is fetched), a page of up to 100 entries at a
 * time: `pages` holds those loaded so far, `setSize(size + 1)` loads the next while one is left.
 */
export function useAccountActivity(query: ActivityQuery | null) {
  return useSWRInfinite<ActivityPage>(
    (index: number, previous: ActivityPage | null) => {
      if (!query || (previous && !previous.next_cursor)) return null;
      return activityPageKey(query, index === 0 ? null : previous!.next_cursor);
    },
    fetchActivityPage,
    { keepPreviousData: true, revalidateFirstPage: false },
  );
}

/**
 * Every page of `query`'s range: `loaded` (the hook's pages so far), then the rest, following
 * `next_cursor`. Each page read is put in the cache under the key the hook gives it, so that
 * `setSize(pages.length)` then shows them all without asking again. Rejects when a page cannot be
 * read (the fetch client has said why).
 */
export async function loadWholeRange(
  mutate: ScopedMutator,
  query: ActivityQuery,
  loaded: readonly ActivityPage[],
): Promise<ActivityPage[]> {
  const pages = [...loaded];
  for (let cursor = pages.at(-1)?.next_cursor; cursor; cursor = pages.at(-1)?.next_cursor) {
    const key = activityPageKey(query, cursor);
    const page = await fetchActivityPage(key);
    await mutate(key, page, { revalidate: false });
    pages.push(page);
  }
  return pages;
}
