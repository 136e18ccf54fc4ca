import { route } from '../http/route';
import { socialConfig } from '../services/social';
import { authRoutes } from './routes';

export const handler = route(authRoutes['admin-social-config'], async () => ({
  result: await socialConfig('admin'),
}));
