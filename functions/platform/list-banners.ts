import { route } from '../http/route';
import { listBanners } from '../services/banners';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-banners'], async () => ({ result: await listBanners() }));
