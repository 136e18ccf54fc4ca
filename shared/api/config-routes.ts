import * as z from 'zod';
import { idParams } from '../schemas/common';
import { configItemSchema, newConfigItemSchema, updateConfigItemSchema } from '../schemas/config';
import { defineRoutes } from './contract';

const items = z.array(configItemSchema);

const a = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** One configuration list's admin routes (docs/product/admin-and-auth.md §2 "Configuration tabs"; odd spellings kept). */
const adminList = (path: string, label: string) =>
  ({
    list: {
      method: 'GET',
      path,
      auth: 'admin',
      summary: `Every ${label}, by title`,
      response: items,
    },
    create: {
      method: 'POST',
      path,
      auth: 'admin',
      summary: `Adds ${a(label)}; titles are unique ignoring case`,
      body: newConfigItemSchema,
      response: configItemSchema,
      errors: [409],
    },
    update: {
      method: 'PUT',
      path: `${path}/{id}`,
      auth: 'admin',
      summary: `Renames ${a(label)} or changes its status`,
      params: idParams,
      body: updateConfigItemSchema,
      response: configItemSchema,
      errors: [409],
    },
  }) as const;

const clientList = (path: string, label: string) =>
  ({
    method: 'GET',
    path,
    auth: 'client',
    permission: 'read',
    summary: `The active ${label}, by title`,
    response: items,
  }) as const;

const amenities = adminList('/admin/amenities', 'amenity');
const spaceTypes = adminList('/admin/spaceType', 'space type');
const venueTypes = adminList('/admin/venueType', 'venue type');

/** Configuration lists and the client's lookups (docs/product/client-area.md §7 "Account, lookups, users"). */
export const configRoutes = defineRoutes('config', {
  'list-amenities': amenities.list,
  'create-amenity': amenities.create,
  'update-amenity': amenities.update,
  'list-space-types': spaceTypes.list,
  'create-space-type': spaceTypes.create,
  'update-space-type': spaceTypes.update,
  'list-venue-types': venueTypes.list,
  'create-venue-type': venueTypes.create,
  'update-venue-type': venueTypes.update,
  'client-list-amenities': clientList('/client/amenities', 'amenities'),
  'client-list-venue-types': clientList('/client/venue_types', 'venue types'),
  'client-list-space-types': clientList('/client/space_types', 'space types'),
  'client-list-timezones': {
    method: 'GET',
    path: '/client/timezones',
    auth: 'client',
    permission: 'read',
    summary: 'IANA time zone names a venue can be in',
    response: z.array(z.string()),
  },
});
