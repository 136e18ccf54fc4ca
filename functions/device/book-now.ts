import { route } from '../http/route';
import { bookNow } from '../services/device-booknow';
import { deviceRoutes } from './routes';

export const handler = route(deviceRoutes['book-now'], async ({ principal, body }) => {
  const result = await bookNow(principal, body);
  return { result, message: `Booked by ${result.booked_by}` };
});
