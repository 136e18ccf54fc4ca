import { route } from '../http/route';
import { updateAccount } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['update-account'], async ({ principal, params, body }) => ({
  result: await updateAccount(principal, params.id, body),
  message: 'Account updated',
}));
