import { calendarMessages } from '../../shared/schemas/calendars';
import { route } from '../http/route';
import { linkCalendarAccount } from '../services/calendars/accounts';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['link-account'], async ({ principal, params, body }) => ({
  result: await linkCalendarAccount(principal, params.venueId, body),
  message: calendarMessages.linked,
}));
