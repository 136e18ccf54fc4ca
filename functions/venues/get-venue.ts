import { route } from '../http/route';
import { getVenue } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['get-venue'], async ({ principal, params }) => ({
  result: await getVenue(principal, params.id),
}));
