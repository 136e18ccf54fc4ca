import { route } from '../http/route';
import { setVenueStatus } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['set-venue-status'], async ({ principal, params }) => ({
  result: await setVenueStatus(principal, params.id, params.status),
  message: 'Venue updated',
}));
