import { route } from '../http/route';
import { saveCapAlerts } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['save-cap-alerts'], async ({ principal, params, body }) => ({
  result: await saveCapAlerts(principal, params.spaceId, body),
  message: 'Alert settings saved',
}));
