import { configRoutes } from '@shared/api/config-routes';
import type { ConfigKind } from '@shared/schemas/config';
import { pathOf, useRoute } from './call';

/**
 * The configuration lists of the admin area (docs/product/admin-and-auth.md §7 "Configuration"):
 * one swr hook per list keyed by its API path, as web/src/api/hooks.ts. Errors are toasted by the
 * fetch client.
 */

/** The admin routes of each configuration list (docs/product/admin-and-auth.md §7, odd casing kept). */
export const configLists = {
  amenities: {
    list: configRoutes['list-amenities'],
    create: configRoutes['create-amenity'],
    update: configRoutes['update-amenity'],
  },
  venueTypes: {
    list: configRoutes['list-venue-types'],
    create: configRoutes['create-venue-type'],
    update: configRoutes['update-venue-type'],
  },
  spaceTypes: {
    list: configRoutes['list-space-types'],
    create: configRoutes['create-space-type'],
    update: configRoutes['update-space-type'],
  },
} satisfies Record<ConfigKind, object>;

/** The swr key (API path) of a configuration list. */
export const configKey = (kind: ConfigKind) => pathOf(configLists[kind].list);

/** All items of one configuration list (admin). */
export function useConfigItems(kind: ConfigKind) {
  return useRoute(configLists[kind].list, {});
}
