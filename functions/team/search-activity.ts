import { route } from '../http/route';
import { accountActivity } from '../services/activity-log';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['search-activity'], async ({ principal, body }) => ({
  result: await accountActivity(principal, body),
}));
