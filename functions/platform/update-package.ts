import { route } from '../http/route';
import { updatePackage } from '../services/packages';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['update-package'], async ({ principal, params, body }) => ({
  result: await updatePackage(principal, params.id, body),
  message: 'Package updated',
}));
