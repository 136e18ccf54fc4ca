import { route } from '../http/route';
import { disableOwnSecondFactor } from '../services/second-factor-settings';
import { meRoutes } from './routes';

export const handler = route(meRoutes['client-mfa-disable'], async ({ principal, body }) => {
  await disableOwnSecondFactor(principal, body.code);
  return { message: 'Two-factor authentication is off' };
});
