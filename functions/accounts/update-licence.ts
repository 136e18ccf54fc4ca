import { route } from '../http/route';
import { updateLicence } from '../services/licences';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['update-licence'], async ({ principal, params, body }) => ({
  result: await updateLicence(principal, params.id, params.licenceId, body),
  message: 'License updated',
}));
