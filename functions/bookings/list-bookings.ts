import { route } from '../http/route';
import { listBookings } from '../services/booking-windows';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['list-bookings'], async ({ principal }) => ({
  result: await listBookings(principal, {}),
}));
