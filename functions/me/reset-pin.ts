import { route } from '../http/route';
import { meRoutes } from './routes';
import { regeneratePin } from '../services/profile';

export const handler = route(meRoutes['reset-pin'], async ({ principal }) => ({
  result: { pin_number: await regeneratePin(principal) },
  message: 'PIN updated',
}));
