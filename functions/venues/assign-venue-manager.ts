import { route } from '../http/route';
import { assignVenueManager } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['assign-venue-manager'], async ({ principal, params }) => ({
  result: await assignVenueManager(principal, params.venueId, params.userId),
  message: 'Venue manager assigned',
}));
