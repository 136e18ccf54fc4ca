import { route } from '../http/route';
import { getAccountUser } from '../services/account-users';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['get-user'], async ({ principal, params }) => ({
  result: await getAccountUser(principal, params.id),
}));
