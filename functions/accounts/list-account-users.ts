import { route } from '../http/route';
import { listAccountUsers } from '../services/account-users';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-account-users'], async ({ params }) => ({
  result: await listAccountUsers(params.id),
}));
