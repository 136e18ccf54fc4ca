import { route } from '../http/route';
import { deviceState } from '../services/device-state';
import { deviceRoutes } from './routes';

export const handler = route(deviceRoutes['get-device-state'], async ({ principal, query }) => {
  const { state, etag } = await deviceState(principal, query.app_version);
  return { result: state, etag };
});
