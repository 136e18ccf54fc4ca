import { route } from '../http/route';
import { clientLicences } from '../services/screen-licences';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['list-licences'], async ({ principal }) => ({
  result: await clientLicences(principal),
}));
