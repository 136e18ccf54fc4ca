import { route } from '../http/route';
import { createBanner } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['create-banner'], async ({ principal, body }) => ({
  result: await createBanner(principal, body),
  message: 'Banner created',
}));
