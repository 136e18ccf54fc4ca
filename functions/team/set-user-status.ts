import { route } from '../http/route';
import { setAccountUserStatus } from '../services/account-users';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['set-user-status'], async ({ principal, params }) => ({
  result: await setAccountUserStatus(principal, params.id, params.status),
  message: 'User updated',
}));
