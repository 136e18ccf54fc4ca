import { route } from '../http/route';
import { getSpace } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['get-space'], async ({ principal, params }) => ({
  result: await getSpace(principal, params.id),
}));
