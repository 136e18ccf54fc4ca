import { route } from '../http/route';
import { listSpaceScreens } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['list-space-screens'], async ({ principal, params }) => ({
  result: await listSpaceScreens(principal, params.spaceId),
}));
