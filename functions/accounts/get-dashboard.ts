import { route } from '../http/route';
import { dashboard } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['get-dashboard'], async () => ({ result: await dashboard() }));
