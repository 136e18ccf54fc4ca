import { route } from '../http/route';
import { meRoutes } from './routes';
import { createUpload } from '../services/uploads';

export const handler = route(meRoutes['admin-create-upload'], async ({ principal, body }) => ({
  result: await createUpload(principal, body),
}));
