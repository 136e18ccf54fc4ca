import { route } from '../http/route';
import { deleteBanner } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['delete-banner'], async ({ principal, params }) => {
  await deleteBanner(principal, params.id);
  return { message: 'Banner Announcement deleted' };
});
