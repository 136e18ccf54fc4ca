import { route } from '../http/route';
import { listAdmins } from '../services/admins';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-admins'], async () => ({ result: await listAdmins() }));
