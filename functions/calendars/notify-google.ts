import { route } from '../http/route';
import { googleNotification } from '../services/calendars/notifications';
import { calendarsRoutes } from './routes';

export const handler = route(calendarsRoutes['notify-google'], async ({ event }) => {
  const headers = event.headers ?? {};
  await googleNotification({
    channelId: headers['x-goog-channel-id'],
    token: headers['x-goog-channel-token'],
    state: headers['x-goog-resource-state'],
  });
  return { result: null };
});
