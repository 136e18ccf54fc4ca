import { route } from '../http/route';
import { getAccountUser } from '../services/account-users';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['get-user'], async ({ principal, params }) => ({
  result: await getAccountUser(principal, params.id),
}));
