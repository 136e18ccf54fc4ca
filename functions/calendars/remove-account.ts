import { calendarMessages } from '../../shared/schemas/calendars';
import { route } from '../http/route';
import { removeLinkedAccount } from '../services/calendars/accounts';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['remove-account'], async ({ principal, params }) => {
  await removeLinkedAccount(principal, params.accountId);
  return { result: null, message: calendarMessages.removed };
});
