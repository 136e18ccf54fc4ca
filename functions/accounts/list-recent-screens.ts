import { route } from '../http/route';
import { accountsRoutes } from './routes';

// Screens arrive with the screens slice; until then there are none to list.
export const handler = route(accountsRoutes['list-recent-screens'], async () => ({ result: [] }));
