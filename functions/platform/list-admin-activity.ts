import { route } from '../http/route';
import { adminActivity } from '../services/activity-log';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-admin-activity'], async ({ params, body }) => ({
  result: await adminActivity(params.id, body),
}));
