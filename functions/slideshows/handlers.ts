import { bindHandlers } from '@core/http/handler-map';
import { createSlideshow, deleteSlideshow, listSlideshows, updateSlideshow } from './service';
import { slideshowsRoutes } from '@shared/api/slideshows-routes';

export const handler = bindHandlers(slideshowsRoutes, {
  'create-slideshow': async ({ principal, params, body }) => ({
    result: await createSlideshow(principal, params.spaceId, body),
    message: 'Slideshow saved',
  }),
  'delete-slideshow': async ({ principal, params }) => {
    await deleteSlideshow(principal, params.spaceId, params.id);
    return { message: 'Slideshow deleted' };
  },
  'list-slideshows': async ({ principal, params }) => ({
    result: await listSlideshows(principal, params.spaceId),
  }),
  'replace-slideshow': async ({ principal, params, body }) => ({
    result: await updateSlideshow(principal, params.spaceId, params.id, body),
    message: 'Slideshow saved',
  }),
  'update-slideshow': async ({ principal, params, body }) => ({
    result: await updateSlideshow(principal, params.spaceId, params.id, body),
    message: 'Slideshow saved',
  }),
});
