import { route } from '../http/route';
import { clientMe } from '../services/profile';

export const handler = route({ auth: 'client' }, async ({ principal }) => ({
  result: await clientMe(principal),
}));
