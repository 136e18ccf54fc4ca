import { route } from '../http/route';
import { recentPayments } from '../services/licences';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-recent-payments'], async () => ({
  result: await recentPayments(),
}));
