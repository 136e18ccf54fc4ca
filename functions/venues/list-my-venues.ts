import { route } from '../http/route';
import { listMyVenues } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-my-venues'], async ({ principal }) => ({
  result: await listMyVenues(principal),
}));
