import { route } from '../http/route';
import { adminMe } from '../services/profile';

export const handler = route({ auth: 'admin' }, async ({ principal }) => ({
  result: await adminMe(principal),
}));
