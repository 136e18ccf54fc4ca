import { route } from '../http/route';
import { updateSpace } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['update-space'], async ({ principal, params, body }) => ({
  result: await updateSpace(principal, params.id, body),
  message: 'Space updated',
}));
