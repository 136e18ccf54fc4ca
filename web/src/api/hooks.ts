import { meRoutes } from '@shared/api/me-routes';
import type { Area } from '../auth/session';
import { pathOf, useRoute } from './call';

/**
 * One swr hook per resource, through its route (web/src/api/call.ts). The swr key is the API
 * path, so a write can revalidate a list with `mutate(path)`. Errors are toasted by the fetch
 * client, not here.
 */

/** The signed-in user's own route of each area. */
export const meRoute = { client: meRoutes['get-client-me'], admin: meRoutes['get-admin-me'] } as const;

/** swr keys (API paths) of the resources below. */
export const keys = {
  me: (area: Area) => pathOf(meRoute[area]),
  aboutMe: pathOf(meRoutes['get-about-me']),
  myPackage: pathOf(meRoutes['get-my-package']),
} as const;

/** The signed-in user of the given area (null: nobody signed in, nothing is fetched). */
export function useMe(area: Area | null) {
  // Both areas' answers are one `Me`; the route of each says which.
  return useRoute<(typeof meRoute)[Area]>(area ? meRoute[area] : meRoute.client, area ? {} : null);
}

/** The account and its totals for the client header; fetched only when `enabled`. */
export function useAboutMe(enabled: boolean) {
  return useRoute(meRoutes['get-about-me'], enabled ? {} : null);
}

/** The package of the signed-in client's account; fetched only when `enabled`. */
export function useMyPackage(enabled: boolean) {
  return useRoute(meRoutes['get-my-package'], enabled ? {} : null);
}
