import { route } from '../http/route';
import { setAccountUserStatus } from '../services/account-users';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['set-user-status'], async ({ principal, params }) => ({
  result: await setAccountUserStatus(principal, params.id, params.status),
  message: 'User status updated',
}));
