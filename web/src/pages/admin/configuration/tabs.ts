import type { ConfigKind } from '../../../../../shared/schemas/config';

/** The configuration tabs (admin-and-auth §2), in order; `kind` marks those that are built. */
export const configTabs = [
  { slug: 'amenities', label: 'Amenities', kind: 'amenities' },
  { slug: 'venue-types', label: 'Venue Type', kind: 'venueTypes' },
  { slug: 'space-types', label: 'Space Type', kind: 'spaceTypes' },
  { slug: 'packages', label: 'Packages', kind: null },
  { slug: 'banners', label: 'Banner Announcements', kind: null },
] as const satisfies readonly { slug: string; label: string; kind: ConfigKind | null }[];

export type ConfigTabSlug = (typeof configTabs)[number]['slug'];
