import type { ConfigKind } from '@shared/schemas/config';

/**
 * The configuration tabs (docs/product/admin-and-auth.md §2), in order. `view` names what the tab draws: one of
 * the title-only lists (amenities, venue types, space types), packages or banner announcements.
 */
export const configTabs = [
  { slug: 'amenities', label: 'Amenities', view: 'amenities' },
  { slug: 'venue-types', label: 'Venue Type', view: 'venueTypes' },
  { slug: 'space-types', label: 'Space Type', view: 'spaceTypes' },
  { slug: 'packages', label: 'Packages', view: 'packages' },
  { slug: 'banners', label: 'Banner Announcements', view: 'banners' },
] as const satisfies readonly { slug: string; label: string; view: ConfigKind | 'packages' | 'banners' }[];

export type ConfigTabSlug = (typeof configTabs)[number]['slug'];
