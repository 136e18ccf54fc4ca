import { route } from '../http/route';
import { accountPurchases } from '../services/licences';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-purchases'], async ({ params }) => ({
  result: await accountPurchases(params.id),
}));
