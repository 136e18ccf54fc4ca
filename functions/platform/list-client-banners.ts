import { route } from '../http/route';
import { clientBanners } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-client-banners'], async ({ principal }) => ({
  result: await clientBanners(principal),
}));
