import { route } from '../http/route';
import { listAvailableCalendars } from '../services/calendars/accounts';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['list-available'], async ({ principal, params }) => ({
  result: await listAvailableCalendars(principal, params.venueId),
}));
