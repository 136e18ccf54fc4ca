import { configLabels, type ConfigKind } from '../../shared/schemas/config';
import { route } from '../http/route';
import { createItem, listItems, updateItem } from '../services/config';
import { configRoutes } from './routes';

/**
 * The routes of one configuration list (amenities, venue types, space types) are alike but for
 * their kind and labels; each route file picks its handler from here.
 */
const routesOf = {
  amenities: {
    list: configRoutes['list-amenities'],
    create: configRoutes['create-amenity'],
    update: configRoutes['update-amenity'],
    clientList: configRoutes['client-list-amenities'],
  },
  venueTypes: {
    list: configRoutes['list-venue-types'],
    create: configRoutes['create-venue-type'],
    update: configRoutes['update-venue-type'],
    clientList: configRoutes['client-list-venue-types'],
  },
  spaceTypes: {
    list: configRoutes['list-space-types'],
    create: configRoutes['create-space-type'],
    update: configRoutes['update-space-type'],
    clientList: configRoutes['client-list-space-types'],
  },
} as const;

export const configHandlers = {
  list: (kind: ConfigKind) => route(routesOf[kind].list, async () => ({ result: await listItems(kind) })),
  create: (kind: ConfigKind) => {
    const label = configLabels[kind].singular;
    return route(routesOf[kind].create, async ({ principal, body }) => ({
      result: await createItem(principal, kind, body.title),
      message: `${label} created`,
    }));
  },
  update: (kind: ConfigKind) => {
    const label = configLabels[kind].singular;
    return route(routesOf[kind].update, async ({ principal, params, body }) => ({
      result: await updateItem(principal, kind, params.id, body),
      message: `${label} updated`,
    }));
  },
  clientList: (kind: ConfigKind) =>
    route(routesOf[kind].clientList, async () => ({ result: await listItems(kind, true) })),
};
