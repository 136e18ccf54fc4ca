import { route } from '../http/route';
import { createAccountUser } from '../services/account-users';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['create-account-user'], async ({ principal, params, body }) => ({
  result: await createAccountUser(principal, params.id, body),
  message: 'User created',
}));
