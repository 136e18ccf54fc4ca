import { route } from '../http/route';
import { recentVenues } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-recent-venues'], async ({ principal }) => ({
  result: await recentVenues(principal),
}));
