import { route } from '../http/route';
import { graphNotifications } from '../services/calendars/notifications';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['notify-microsoft'], async ({ query, body }) => {
  // Graph's check of the URL, when it subscribes it: the token back, as text, and nothing else.
  if (query.validationToken !== undefined) return { result: query.validationToken };
  await graphNotifications(body);
  return { result: '' };
});
