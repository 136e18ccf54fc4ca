import { route } from '../http/route';
import { listLicences } from '../services/licences';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-licences'], async ({ params, query }) => ({
  result: await listLicences(params.id, query),
}));
