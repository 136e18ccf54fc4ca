import { route } from '../http/route';
import { createAdmin } from '../services/admins';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['create-admin'], async ({ principal, body }) => ({
  result: await createAdmin(principal, body),
  message: 'User created',
}));
