import { route } from '../http/route';
import { impersonate } from '../services/impersonation';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes.impersonate, async ({ principal, params }) => ({
  result: await impersonate(principal, params.id),
}));
