import { route } from '../http/route';
import { listCoordinators } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['list-coordinators'], async ({ principal, params }) => ({
  result: await listCoordinators(principal, params.spaceId),
}));
