import { route } from '../http/route';
import { createScreen } from '../services/screens';
import { screensRoutes } from './routes';

export const handler = route(screensRoutes['create-screen'], async ({ principal, body }) => ({
  result: await createScreen(principal, body),
  message: 'Screen created',
}));
