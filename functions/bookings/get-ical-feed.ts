import { route } from '../http/route';
import { spaceCalendar } from '../services/space-feeds';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['get-ical-feed'], async ({ params }) => ({
  result: await spaceCalendar(params.file),
  // Subscribers poll; a copy five minutes old is good enough, and only theirs to keep.
  headers: { 'cache-control': 'private, max-age=300' },
}));
