import { calendarMessages } from '../../shared/schemas/calendars';
import { route } from '../http/route';
import { unlinkSpaceCalendar } from '../services/spaces';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['unlink-space'], async ({ principal, params }) => ({
  result: await unlinkSpaceCalendar(principal, params.spaceId),
  message: calendarMessages.unlinked,
}));
