import { route } from '../http/route';
import { upcomingBookings } from '../services/booking-windows';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['list-upcoming-bookings'], async ({ principal }) => ({
  result: await upcomingBookings(principal),
}));
