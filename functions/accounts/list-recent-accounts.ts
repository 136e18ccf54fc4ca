import { route } from '../http/route';
import { recentAccounts } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-recent-accounts'], async () => ({
  result: await recentAccounts(),
}));
