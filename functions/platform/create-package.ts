import { route } from '../http/route';
import { createPackage } from '../services/packages';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['create-package'], async ({ principal, body }) => ({
  result: await createPackage(principal, body),
  message: 'Package created',
}));
