import { route } from '../http/route';
import { listMySpaces } from '../services/spaces';
import { spacesRoutes } from './routes';

export const handler = route(spacesRoutes['list-my-spaces'], async ({ principal }) => ({
  result: await listMySpaces(principal),
}));
