import { route } from '../http/route';
import { listUserProperties } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-user-properties'], async ({ principal, params }) => ({
  result: await listUserProperties(principal, params.id),
}));
