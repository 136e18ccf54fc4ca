import { route } from '../http/route';
import { recentScreens } from '../services/screens';
import { accountsRoutes } from './routes';

export const handler = route(accountsRoutes['list-recent-screens'], async () => ({
  result: await recentScreens(),
}));
