import { route } from '../http/route';
import { listSpaces } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['list-spaces'], async ({ principal }) => ({
  result: await listSpaces(principal),
}));
