import { route } from '../http/route';
import { meRoutes } from './routes';
import { myPackage } from '../services/profile';

export const handler = route(meRoutes['get-my-package'], async ({ principal }) => ({
  result: await myPackage(principal),
}));
