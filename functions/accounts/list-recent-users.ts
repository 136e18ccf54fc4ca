import { route } from '../http/route';
import { recentUsers } from '../services/account-users';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-recent-users'], async () => ({
  result: await recentUsers(),
}));
