import { route } from '../http/route';
import { updateBooking } from '../services/bookings';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['update-booking'], async ({ principal, params, body }) => ({
  result: await updateBooking(principal, params.id, body),
  message: 'Success',
}));
