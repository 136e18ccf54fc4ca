import { route } from '../http/route';
import { checkIn } from '../services/device-checkin';
import { deviceRoutes } from './routes';

export const handler = route(deviceRoutes['check-in'], async ({ principal, body }) => {
  const result = await checkIn(principal, body);
  return { result, message: `Checked in by ${result.checked_in_by}` };
});
