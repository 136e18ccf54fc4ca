import { route } from '../http/route';
import { getSpaceCapAlerts } from '../services/space-alerts';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['get-space-cap-alerts'], async ({ principal, params }) => ({
  result: await getSpaceCapAlerts(principal, params.spaceId),
}));
