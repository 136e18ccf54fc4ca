import { route } from '../http/route';
import { updateScreen } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['update-screen'], async ({ principal, params, body }) => ({
  result: await updateScreen(principal, params.id, body),
  message: 'Screen updated',
}));
