import { route } from '../http/route';
import { createLicences } from '../services/licences';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['create-licences'], async ({ principal, params, body }) => ({
  result: await createLicences(principal, params.id, body),
  message: 'Licenses added',
}));
