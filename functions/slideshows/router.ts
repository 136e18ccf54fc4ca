import { groupRouter } from '../http/router';
import { handler as createSlideshow } from './create-slideshow';
import { handler as deleteSlideshow } from './delete-slideshow';
import { handler as listSlideshows } from './list-slideshows';
import { handler as replaceSlideshow } from './replace-slideshow';
import { handler as updateSlideshow } from './update-slideshow';
import { slideshowsRoutes } from './routes';

export const handler = groupRouter(slideshowsRoutes, [
  createSlideshow,
  deleteSlideshow,
  listSlideshows,
  replaceSlideshow,
  updateSlideshow,
]);
