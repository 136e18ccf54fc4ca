import { route } from '../http/route';
import { listMyVenueSpaces } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['list-my-venue-spaces'], async ({ principal, params }) => ({
  result: await listMyVenueSpaces(principal, params.venueId),
}));
