import { route } from '../http/route';
import { loginBanners } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-login-banners'], async () => ({
  result: await loginBanners(),
}));
