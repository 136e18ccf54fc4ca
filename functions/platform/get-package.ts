import { route } from '../http/route';
import { getPackageById } from '../services/packages';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['get-package'], async ({ params }) => ({
  result: await getPackageById(params.id),
}));
