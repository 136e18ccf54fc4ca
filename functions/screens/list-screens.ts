import { route } from '../http/route';
import { listScreens } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['list-screens'], async ({ principal }) => ({
  result: await listScreens(principal),
}));
