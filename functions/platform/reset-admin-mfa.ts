import { route } from '../http/route';
import { resetAdminSecondFactor } from '../services/second-factor-settings';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['reset-admin-mfa'], async ({ principal, params }) => {
  await resetAdminSecondFactor(principal, params.id);
  return { message: 'Two-factor authentication reset' };
});
