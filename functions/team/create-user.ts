import { route } from '../http/route';
import { createAccountUser } from '../services/account-users';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['create-user'], async ({ principal, body }) => ({
  result: await createAccountUser(principal, principal.accountId, body),
  message: 'User created',
}));
