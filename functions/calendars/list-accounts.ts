import { route } from '../http/route';
import { listCalendarAccounts } from '../services/calendars/accounts';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['list-accounts'], async ({ principal, params }) => ({
  result: await listCalendarAccounts(principal, params.venueId),
}));
