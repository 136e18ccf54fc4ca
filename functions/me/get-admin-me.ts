import { route } from '../http/route';
import { meRoutes } from './routes';
import { adminMe } from '../services/profile';

export const handler = route(meRoutes['get-admin-me'], async ({ principal }) => ({
  result: await adminMe(principal),
}));
