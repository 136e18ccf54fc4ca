import { route } from '../http/route';
import { createSpace } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['create-space'], async ({ principal, params, body }) => ({
  result: await createSpace(principal, params.venueId, body),
  message: 'Space created',
}));
