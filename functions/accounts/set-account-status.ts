import { route } from '../http/route';
import { setAccountStatus } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['set-account-status'], async ({ principal, params }) => ({
  result: await setAccountStatus(principal, params.id, params.status),
  message: 'Account updated',
}));
