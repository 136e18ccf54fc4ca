import { route } from '../http/route';
import { createAccount } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['create-account'], async ({ principal, body }) => ({
  result: await createAccount(principal, body),
  message: 'Account created',
}));
