import { route } from '../http/route';
import { setVenueManagerPermission } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['set-venue-manager-permission'], async ({ principal, params }) => ({
  result: await setVenueManagerPermission(principal, params.venueId, params.userId, params.permission),
  message: 'Permission updated',
}));
