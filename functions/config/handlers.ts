import { configLabels, type ConfigKind } from '@shared/schemas/config';
import { listTimezones } from '@shared/timezones';
import type { RouteContext } from '@core/http/route-factory';
import { bindHandlers } from '@core/http/handler-map';
import { createItem, listItems, updateItem } from './service';
import { configRoutes } from '@shared/api/config-routes';

const timezones = listTimezones();

/** What a list's create and update routes take, alike for the three lists. */
type CreateContext = Pick<RouteContext<(typeof configRoutes)['create-amenity']>, 'principal' | 'body'>;
type UpdateContext = Pick<
  RouteContext<(typeof configRoutes)['update-amenity']>,
  'principal' | 'params' | 'body'
>;

/**
 * The routes of one configuration list (amenities, venue types, space types) are alike but for
 * their kind and labels.
 */
const configList = {
  list: (kind: ConfigKind) => async () => ({ result: await listItems(kind) }),
  create:
    (kind: ConfigKind) =>
    async ({ principal, body }: CreateContext) => ({
      result: await createItem(principal, kind, body.title),
      message: `${configLabels[kind].singular} created`,
    }),
  update:
    (kind: ConfigKind) =>
    async ({ principal, params, body }: UpdateContext) => ({
      result: await updateItem(principal, kind, params.id, body),
      message: `${configLabels[kind].singular} updated`,
    }),
  clientList: (kind: ConfigKind) => async () => ({ result: await listItems(kind, true) }),
};

export const handler = bindHandlers(configRoutes, {
  'list-amenities': configList.list('amenities'),
  'create-amenity': configList.create('amenities'),
  'update-amenity': configList.update('amenities'),
  'list-space-types': configList.list('spaceTypes'),
  'create-space-type': configList.create('spaceTypes'),
  'update-space-type': configList.update('spaceTypes'),
  'list-venue-types': configList.list('venueTypes'),
  'create-venue-type': configList.create('venueTypes'),
  'update-venue-type': configList.update('venueTypes'),
  'client-list-amenities': configList.clientList('amenities'),
  'client-list-venue-types': configList.clientList('venueTypes'),
  'client-list-space-types': configList.clientList('spaceTypes'),
  'client-list-timezones': async () => ({ result: timezones }),
});
