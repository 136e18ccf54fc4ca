import { route } from '../http/route';
import { listAvailableManagers } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-available-managers'], async ({ principal, params }) => ({
  result: await listAvailableManagers(principal, params.venueId),
}));
