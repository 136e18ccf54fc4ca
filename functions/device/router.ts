import { groupRouter } from '../http/router';
import { handler as bookNow } from './book-now';
import { handler as checkIn } from './check-in';
import { handler as getDeviceState } from './get-device-state';
import { handler as registerDevice } from './register-device';
import { deviceRoutes } from './routes';

export const handler = groupRouter(deviceRoutes, [bookNow, checkIn, getDeviceState, registerDevice]);
