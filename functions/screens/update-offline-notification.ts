import { route } from '../http/route';
import { updateOfflineNotification } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(
  screensRoutes['update-offline-notification'],
  async ({ principal, params, body }) => ({
    result: await updateOfflineNotification(principal, params.id, body),
    message: 'Updated offline notification settings',
  }),
);
