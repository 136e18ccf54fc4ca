import { route } from '../http/route';
import { deleteSlideshow } from '../services/slideshows';
import { slideshowsRoutes } from './routes';

export const handler = route(slideshowsRoutes['delete-slideshow'], async ({ principal, params }) => {
  await deleteSlideshow(principal, params.spaceId, params.id);
  return { message: 'Slideshow deleted' };
});
