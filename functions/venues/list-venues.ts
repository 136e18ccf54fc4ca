import { route } from '../http/route';
import { listVenues } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-venues'], async ({ principal }) => ({
  result: await listVenues(principal),
}));
