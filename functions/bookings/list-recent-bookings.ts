import { route } from '../http/route';
import { recentBookings } from '../services/booking-windows';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['list-recent-bookings'], async ({ principal }) => ({
  result: await recentBookings(principal),
}));
