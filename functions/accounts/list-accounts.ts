import { route } from '../http/route';
import { listAccounts } from '../services/accounts';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-accounts'], async () => ({ result: await listAccounts() }));
