import { route } from '../http/route';
import { deleteLicence } from '../services/licences';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['delete-licence'], async ({ principal, params }) => {
  await deleteLicence(principal, params.id, params.licenceId);
  return { message: 'License deleted' };
});
