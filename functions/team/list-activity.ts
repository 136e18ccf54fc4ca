import { route } from '../http/route';
import { accountActivity } from '../services/activity-log';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['list-activity'], async ({ principal, query }) => ({
  result: await accountActivity(principal, query),
}));
