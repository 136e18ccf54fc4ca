import { route } from '../http/route';
import { listVenueManagers } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-venue-managers'], async ({ principal, params }) => ({
  result: await listVenueManagers(principal, params.venueId),
}));
