import { route } from '../http/route';
import { rotateSpaceFeed } from '../services/space-feeds';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['rotate-space-feed'], async ({ principal, params }) => ({
  result: await rotateSpaceFeed(principal, params.id),
  message: 'Calendar feed URL replaced',
}));
