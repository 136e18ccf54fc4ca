import { route } from '../http/route';
import { setCoordinatorPermission } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['set-coordinator-permission'], async ({ principal, params }) => ({
  result: await setCoordinatorPermission(principal, params.spaceId, params.userId, params.permission),
  message: 'Event Coordinator updated',
}));
