import { route } from '../http/route';
import { createSlideshow } from '../services/slideshows';
import { slideshowsRoutes } from './routes';

export const handler = route(slideshowsRoutes['create-slideshow'], async ({ principal, params, body }) => ({
  result: await createSlideshow(principal, params.spaceId, body),
  message: 'Slideshow saved',
}));
