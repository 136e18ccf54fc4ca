import { route } from '../http/route';
import { setUpSecondFactor } from '../services/second-factor-settings';
import { meRoutes } from './routes';

export const handler = route(meRoutes['client-mfa-setup'], async ({ principal }) => ({
  result: await setUpSecondFactor(principal),
}));
