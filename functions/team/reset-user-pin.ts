import { route } from '../http/route';
import { resetUserPin } from '../services/account-users';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['reset-user-pin'], async ({ principal, params }) => ({
  result: { pin_number: await resetUserPin(principal, params.id) },
  message: 'PIN updated',
}));
