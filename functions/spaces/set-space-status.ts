import { route } from '../http/route';
import { setSpaceStatus } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['set-space-status'], async ({ principal, params }) => ({
  result: await setSpaceStatus(principal, params.id, params.status),
  message: 'Space updated',
}));
