import { route } from '../http/route';
import { updateSlideshow } from '../services/slideshows';
import { slideshowsRoutes } from './routes';

export const handler = route(slideshowsRoutes['update-slideshow'], async ({ principal, params, body }) => ({
  result: await updateSlideshow(principal, params.spaceId, params.id, body),
  message: 'Slideshow saved',
}));
