import { route } from '../http/route';
import { calendarLinkConfig } from '../services/calendars/accounts';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['get-link-config'], async ({ principal }) => ({
  result: await calendarLinkConfig(principal),
}));
