import { route } from '../http/route';
import { linkedSignIns } from '../services/social-links';
import { meRoutes } from './routes';

export const handler = route(meRoutes['client-sign-ins'], async ({ principal }) => ({
  result: linkedSignIns(principal),
}));
