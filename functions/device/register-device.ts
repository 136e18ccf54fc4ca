import { viewerAddress } from '../http/edge';
import { route } from '../http/route';
import { registerDevice } from '../services/devices';
import { deviceRoutes } from './routes';

export const handler = route(deviceRoutes['register-device'], async ({ body, event }) => ({
  result: await registerDevice(viewerAddress(event), body),
}));
