import { route } from '../http/route';
import { listRecentSpaces } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['list-recent-spaces'], async ({ principal }) => ({
  result: await listRecentSpaces(principal),
}));
