import { route } from '../http/route';
import { userActivity } from '../services/activity-log';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-user-activity'], async ({ params, body }) => ({
  result: await userActivity(params.id, body),
}));
