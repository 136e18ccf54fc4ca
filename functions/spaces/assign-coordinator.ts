import { route } from '../http/route';
import { assignCoordinator } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['assign-coordinator'], async ({ principal, params }) => ({
  result: await assignCoordinator(principal, params.spaceId, params.userId),
  message: 'Event Coordinator added',
}));
