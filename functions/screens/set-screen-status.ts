import { route } from '../http/route';
import { setScreenStatus } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['set-screen-status'], async ({ principal, params }) => ({
  result: await setScreenStatus(principal, params.id, params.status),
  message: 'Screen updated',
}));
