import { route } from '../http/route';
import { enableOwnSecondFactor } from '../services/second-factor-settings';
import { meRoutes } from './routes';

export const handler = route(meRoutes['client-mfa-enable'], async ({ principal, body }) => {
  await enableOwnSecondFactor(principal, body.code);
  return { message: 'Two-factor authentication is on. Log in again with a code from your app' };
});
