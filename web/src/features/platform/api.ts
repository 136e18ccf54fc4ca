import useSWR from 'swr';
import { accountsRoutes } from '@shared/api/accounts-routes';
import { platformRoutes } from '@shared/api/platform-routes';
import type { ActivityFilter } from '@shared/schemas/activity';
import { fetcherOf, pathOf, readRoute, useRoute } from '../../api/call';

/**
 * The platform part of the admin area (docs/product/admin-and-auth.md §7 "Packages", "Banners", "Admin users"):
 * one swr hook per resource, keyed by its API path (as web/src/api/hooks.ts), so that a write
 * revalidates a list with `mutate(platformPaths.x)`. Errors are toasted by the fetch client. The
 * banners shown to people (login pages, client area) are fetched by components/Banners.tsx, which
 * the sign-in page loads.
 */

/** The swr keys (API paths) that writes revalidate. */
export const platformPaths = {
  packages: pathOf(platformRoutes['list-packages']),
  banners: pathOf(platformRoutes['list-banners']),
  admins: pathOf(platformRoutes['list-admins']),
} as const;

/** Whose activity a log shows: a super admin's, or an account user's. */
export type ActivitySource = 'admin' | 'user';

const activityRoutes = {
  admin: platformRoutes['list-admin-activity'],
  user: platformRoutes['list-user-activity'],
} as const;

/** Every package, by name. */
export function usePackages() {
  return useRoute(platformRoutes['list-packages'], {});
}

/** Every banner announcement, newest first. */
export function useBanners() {
  return useRoute(platformRoutes['list-banners'], {});
}

/** Every super admin, newest first. */
export function useAdmins() {
  return useRoute(platformRoutes['list-admins'], {});
}

/**
 * The person whose activity log is shown: a super admin (GET /admin/admins/{id}) or an account
 * user (GET /admin/users/{id}); both carry first_name, last_name and email.
 */
export function useActivityPerson(source: ActivitySource, id: string) {
  const route = source === 'admin' ? platformRoutes['get-admin'] : accountsRoutes['get-user'];
  return useSWR(pathOf(route, { params: { id } }), fetcherOf(route));
}

/**
 * One person's activity in a date range, filtered by component; `filter` null (while the filter
 * form has an error) fetches nothing and keeps the last answer on screen.
 */
export function useActivity(source: ActivitySource, id: string, filter: ActivityFilter | null) {
  const route = activityRoutes[source];
  return useSWR(
    filter ? ([pathOf(route, { params: { id } }), filter] as const) : null,
    ([, body]: readonly [string, ActivityFilter]) => readRoute(route, { params: { id }, body }),
    { keepPreviousData: true },
  );
}
