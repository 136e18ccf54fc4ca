import useSWR from 'swr';
import type { AccountUser } from '@shared/schemas/accounts';
import type { ActivityEntry, ActivityFilter } from '@shared/schemas/activity';
import type { AdminUser } from '@shared/schemas/admins';
import type { Banner } from '@shared/schemas/banners';
import type { Package } from '@shared/schemas/packages';
import { api } from '../../api/client';

/**
 * The platform part of the admin area (docs/product/admin-and-auth.md §7 "Packages", "Banners", "Admin users"):
 * one swr hook per resource, keyed by its API path (as web/src/api/hooks.ts), so that a write
 * revalidates a list with `mutate(platformPaths.x)`. Errors are toasted by the fetch client. The
 * banners shown to people (login pages, client area) are fetched by components/Banners.tsx, which
 * the sign-in page loads.
 */

export const platformPaths = {
  packages: '/admin/packages',
  banners: '/admin/banner',
  admins: '/admin/admins',
  admin: (id: string) => `/admin/admins/${id}`,
  accountUser: (id: string) => `/admin/users/${id}`,
} as const;

/** Whose activity a log shows: a super admin's, or an account user's. */
export type ActivitySource = 'admin' | 'user';

export const activityPath = (source: ActivitySource, id: string) =>
  source === 'admin' ? `/admin/admins/${id}/activityLog` : `/admin/users/${id}/activityLog`;

const fetchResult = <T>(path: string) => api.get<T>(path);

/** Every package, by name. */
export function usePackages() {
  return useSWR<Package[]>(platformPaths.packages, fetchResult);
}

/** Every banner announcement, newest first. */
export function useBanners() {
  return useSWR<Banner[]>(platformPaths.banners, fetchResult);
}

/** Every super admin, newest first. */
export function useAdmins() {
  return useSWR<AdminUser[]>(platformPaths.admins, fetchResult);
}

/**
 * The person whose activity log is shown: a super admin (GET /admin/admins/{id}) or an account
 * user (GET /admin/users/{id}); both carry first_name, last_name and email.
 */
export function useActivityPerson(source: ActivitySource, id: string) {
  return useSWR<AdminUser | AccountUser>(
    source === 'admin' ? platformPaths.admin(id) : platformPaths.accountUser(id),
    fetchResult,
  );
}

/**
 * One person's activity in a date range, filtered by component; `filter` null (while the filter
 * form has an error) fetches nothing and keeps the last answer on screen.
 */
export function useActivity(source: ActivitySource, id: string, filter: ActivityFilter | null) {
  return useSWR<ActivityEntry[], unknown, [string, ActivityFilter] | null>(
    filter ? [activityPath(source, id), filter] : null,
    ([path, body]) => api.post<ActivityEntry[]>(path, body).then((reply) => reply.result),
    { keepPreviousData: true },
  );
}
