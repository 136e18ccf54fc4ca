import { groupRouter } from '../http/router';
import { handler as registerDevice } from './register-device';
import { deviceRoutes } from './routes';

export const handler = groupRouter(deviceRoutes, [registerDevice]);
