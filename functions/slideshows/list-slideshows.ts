import { route } from '../http/route';
import { listSlideshows } from '../services/slideshows';
import { slideshowsRoutes } from './routes';

export const handler = route(slideshowsRoutes['list-slideshows'], async ({ principal, params }) => ({
  result: await listSlideshows(principal, params.spaceId),
}));
