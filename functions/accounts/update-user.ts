import { route } from '../http/route';
import { updateAccountUser } from '../services/account-users';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['update-user'], async ({ principal, params, body }) => ({
  result: await updateAccountUser(principal, params.id, body),
  message: 'User updated',
}));
