import { route } from '../http/route';
import { recentScreensOf } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['list-recent-screens'], async ({ principal }) => ({
  result: await recentScreensOf(principal),
}));
