import { route } from '../http/route';
import { getBannerById } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['get-banner'], async ({ params }) => ({
  result: await getBannerById(params.id),
}));
