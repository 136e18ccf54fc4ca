import { route } from '../http/route';
import { meRoutes } from './routes';
import { aboutMe } from '../services/profile';

export const handler = route(meRoutes['get-about-me'], async ({ principal }) => ({
  result: await aboutMe(principal),
}));
