import { route } from '../http/route';
import { myPackage } from '../services/profile';

export const handler = route({ auth: 'client' }, async ({ principal }) => ({
  result: await myPackage(principal),
}));
