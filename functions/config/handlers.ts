import * as z from 'zod';
import {
  configLabels,
  newConfigItemSchema,
  updateConfigItemSchema,
  type ConfigKind,
} from '../../shared/schemas/config';
import { route } from '../http/route';
import { createItem, listItems, updateItem } from '../services/config';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The routes of one configuration list (amenities, venue types, space types) are alike but for
 * their kind and labels; each route file picks its handler from here.
 */
export function configHandlers(kind: ConfigKind) {
  const label = configLabels[kind].singular;
  return {
    list: route({ auth: 'admin' }, async () => ({ result: await listItems(kind) })),
    create: route({ auth: 'admin', body: newConfigItemSchema }, async ({ body }) => {
      const item = await createItem(kind, body.title);
      return {
        result: item,
        message: `${label} created`,
        activity: { component: label, componentId: item.id, activity: `${label} created` },
      };
    }),
    update: route(
      { auth: 'admin', params: idParams, body: updateConfigItemSchema },
      async ({ params, body }) => {
        const item = await updateItem(kind, params.id, body);
        return {
          result: item,
          message: `${label} updated`,
          activity: { component: label, componentId: item.id, activity: `${label} updated` },
        };
      },
    ),
    clientList: route({ auth: 'client' }, async () => ({ result: await listItems(kind, true) })),
  };
}
