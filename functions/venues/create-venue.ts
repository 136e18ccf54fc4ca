import { route } from '../http/route';
import { createVenue } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['create-venue'], async ({ principal, body }) => ({
  result: await createVenue(principal, body),
  message: 'Venue created',
}));
