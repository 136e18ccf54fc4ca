import { route } from '../http/route';
import { meRoutes } from './routes';
import { clientMe } from '../services/profile';

export const handler = route(meRoutes['get-client-me'], async ({ principal }) => ({
  result: await clientMe(principal),
}));
