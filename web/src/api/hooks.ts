import useSWR from 'swr';
import type { ConfigItem, ConfigKind } from '@shared/schemas/config';
import type { AboutMe, Me, MyPackage } from '@shared/schemas/me';
import type { Area } from '../auth/session';
import { api } from './client';

/**
 * One swr hook per resource. The swr key is the API path, so a write can revalidate a list
 * with `mutate(path)`. Errors are toasted by the fetch client, not here.
 */

/** swr keys (API paths) of the resources below. */
export const keys = {
  me: (area: Area) => `/${area}/me`,
  aboutMe: '/client/aboutMe',
  myPackage: '/client/mypackage',
  config: (kind: ConfigKind) => configPaths[kind],
} as const;

/** Admin paths of the configuration lists (docs/product/admin-and-auth.md §7, odd casing kept). */
export const configPaths: Record<ConfigKind, string> = {
  amenities: '/admin/amenities',
  venueTypes: '/admin/venueType',
  spaceTypes: '/admin/spaceType',
};

const fetchResult = <T>(path: string) => api.get<T>(path);

/** The signed-in user of the given area (null: nobody signed in, nothing is fetched). */
export function useMe(area: Area | null) {
  return useSWR<Me>(area ? keys.me(area) : null, fetchResult);
}

/** The account and its totals for the client header; fetched only when `enabled`. */
export function useAboutMe(enabled: boolean) {
  return useSWR<AboutMe>(enabled ? keys.aboutMe : null, fetchResult);
}

/** The package of the signed-in client's account; fetched only when `enabled`. */
export function useMyPackage(enabled: boolean) {
  return useSWR<MyPackage>(enabled ? keys.myPackage : null, fetchResult);
}

/** All items of one configuration list (admin). */
export function useConfigItems(kind: ConfigKind) {
  return useSWR<ConfigItem[]>(keys.config(kind), fetchResult);
}
