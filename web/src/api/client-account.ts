import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { AccountUser } from '../../../shared/schemas/accounts';
import type { Status } from '../../../shared/schemas/common';
import type { ActivityPage, TeamActivityFilter } from '../../../shared/schemas/team';
import { api, request } from './client';

/**
 * The client's Account section (client-area §7 "Account, lookups, users", "Activity log"): one
 * swr hook per resource keyed by its API path, as web/src/api/hooks.ts. Errors are toasted by the
 * fetch client.
 */
export const teamPaths = {
  account: '/client/account',
  users: '/client/allusers',
  newUser: '/client/newuser',
  user: (id: string) => `/client/user/${id}`,
  userStatus: (id: string, status: Status) => `/client/user/${id}/${status}`,
  userPin: (id: string) => `/client/user/${id}/resetPIN`,
  activity: '/client/activityLog',
} as const;

/** The users of the signed-in user's account, newest first. */
export function useTeamUsers() {
  return useSWR<AccountUser[]>(teamPaths.users, (path: string) => api.get<AccountUser[]>(path));
}

export function setTeamUserStatus(id: string, status: Status) {
  return request<AccountUser>(teamPaths.userStatus(id, status));
}

export function resetTeamUserPin(id: string) {
  return request<{ pin_number: string }>(teamPaths.userPin(id));
}

/** The filter of the activity tab: the days and the browser's time zone (the API reads the days in it). */
export type ActivityQuery = Pick<TeamActivityFilter, 'from_date' | 'to_date' | 'user_id'>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The account's activity for `query` (null: nothing is fetched), a page of up to 100 entries at a
 * time: `pages` holds those loaded so far, `setSize(size + 1)` loads the next while one is left.
 */
export function useAccountActivity(query: ActivityQuery | null) {
  return useSWRInfinite<ActivityPage>(
    (index: number, previous: ActivityPage | null) => {
      if (!query || (previous && !previous.next_cursor)) return null;
      return [teamPaths.activity, query, index === 0 ? null : previous!.next_cursor];
    },
    ([path, filter, cursor]: [string, ActivityQuery, string | null]) =>
      api
        .post<ActivityPage>(path, {
          ...filter,
          time_zone: browserZone(),
          ...(cursor ? { cursor } : {}),
        })
        .then((reply) => reply.result),
    { keepPreviousData: true, revalidateFirstPage: false },
  );
}
