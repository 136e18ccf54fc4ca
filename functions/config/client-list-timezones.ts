import { listTimezones } from '../../shared/timezones';
import { route } from '../http/route';
import { configRoutes } from './routes';

const timezones = listTimezones();

export const handler = route(configRoutes['client-list-timezones'], async () => ({ result: timezones }));
