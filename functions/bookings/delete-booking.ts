import { route } from '../http/route';
import { deleteBooking } from '../services/bookings';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['delete-booking'], async ({ principal, params, query }) => {
  await deleteBooking(principal, params.id, query);
  return { message: 'Success' };
});
