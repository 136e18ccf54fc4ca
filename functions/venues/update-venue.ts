import { route } from '../http/route';
import { updateVenue } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['update-venue'], async ({ principal, params, body }) => ({
  result: await updateVenue(principal, params.id, body),
  message: 'Venue updated',
}));
