import { route } from '../http/route';
import { listPackages } from '../services/packages';
import { platformRoutes } from './routes';

export const handler = route(platformRoutes['list-packages'], async () => ({ result: await listPackages() }));
