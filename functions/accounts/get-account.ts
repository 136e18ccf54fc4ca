import { route } from '../http/route';
import { getAccountView } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['get-account'], async ({ params }) => ({
  result: await getAccountView(params.id),
}));
