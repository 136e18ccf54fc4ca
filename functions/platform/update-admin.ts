import { route } from '../http/route';
import { updateAdmin } from '../services/admins';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['update-admin'], async ({ principal, params, body }) => ({
  result: await updateAdmin(principal, params.id, body),
  message: 'User updated',
}));
