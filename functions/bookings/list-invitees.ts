import { route } from '../http/route';
import { listInvitees } from '../services/booking-windows';
import { bookingsRoutes } from './routes';

export const handler = route(bookingsRoutes['list-invitees'], async ({ principal }) => ({
  result: await listInvitees(principal),
}));
