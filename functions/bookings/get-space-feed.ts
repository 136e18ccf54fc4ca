import { route } from '../http/route';
import { getSpaceFeed } from '../services/space-feeds';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['get-space-feed'], async ({ principal, params }) => ({
  result: await getSpaceFeed(principal, params.id),
}));
