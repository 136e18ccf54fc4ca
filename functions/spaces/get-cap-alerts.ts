import { route } from '../http/route';
import { getCapAlerts } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['get-cap-alerts'], async ({ principal, params }) => ({
  result: await getCapAlerts(principal, params.spaceId),
}));
