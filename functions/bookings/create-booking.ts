import { route } from '../http/route';
import { createBooking } from '../services/bookings';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['create-booking'], async ({ principal, body }) => ({
  result: await createBooking(principal, body),
  message: 'Success',
}));
