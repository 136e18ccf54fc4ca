import { route } from '../http/route';
import { getAdminUser } from '../services/admins';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['get-admin'], async ({ params }) => ({
  result: await getAdminUser(params.id),
}));
