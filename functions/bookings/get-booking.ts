import { route } from '../http/route';
import { getBooking } from '../services/booking-windows';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['get-booking'], async ({ principal, params, query }) => ({
  result: await getBooking(principal, params.id, query.occurrence_start),
}));
