import { route } from '../http/route';
import { aboutMe } from '../services/profile';

export const handler = route({ auth: 'client' }, async ({ principal }) => ({
  result: await aboutMe(principal),
}));
