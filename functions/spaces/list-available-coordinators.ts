import { route } from '../http/route';
import { listAvailableCoordinators } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['list-available-coordinators'], async ({ principal, params }) => ({
  result: await listAvailableCoordinators(principal, params.spaceId),
}));
