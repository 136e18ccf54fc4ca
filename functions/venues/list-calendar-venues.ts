import { route } from '../http/route';
import { listCalendarVenues } from '../services/venues';
import { venuesRoutes } from './routes';

export const handler = route(venuesRoutes['list-calendar-venues'], async ({ principal }) => ({
  result: await listCalendarVenues(principal),
}));
