import { route } from '../http/route';
import { searchAccounts } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['search-accounts'], async ({ params }) => ({
  result: await searchAccounts(params.search),
}));
