import { route } from '../http/route';
import { updateBanner } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['update-banner'], async ({ principal, params, body }) => ({
  result: await updateBanner(principal, params.id, body),
  message: 'Banner updated',
}));
