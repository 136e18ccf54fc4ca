import { route } from '../http/route';
import { updateOwnAccount } from '../services/accounts';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['update-account'], async ({ principal, body }) => ({
  result: await updateOwnAccount(principal, body),
  message: 'Success',
}));
