import { listTimezones } from '../../shared/timezones';
import { route } from '../http/route';

const timezones = listTimezones();

export const handler = route({ auth: 'client' }, async () => ({ result: timezones }));
