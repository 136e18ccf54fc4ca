import * as z from 'zod';
import { requiredText, status } from './common';

/** Amenities, venue types and space types share one shape (docs/product/admin-and-auth.md §3, §5). */
export const configKinds = ['amenities', 'venueTypes', 'spaceTypes'] as const;
export type ConfigKind = (typeof configKinds)[number];

export const configLabels: Record<ConfigKind, { singular: string; plural: string }> = {
  amenities: { singular: 'Amenity', plural: 'Amenities' },
  venueTypes: { singular: 'Venue Type', plural: 'Venue Types' },
  spaceTypes: { singular: 'Space Type', plural: 'Space Types' },
};

export const newConfigItemSchema = z.object({ title: requiredText(80) });
export const updateConfigItemSchema = z.object({ title: requiredText(80), status: status.optional() });

export const configItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ConfigItem = z.infer<typeof configItemSchema>;
