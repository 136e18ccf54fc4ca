import { route } from '../http/route';
import { updateAccountUser } from '../services/account-users';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['update-user'], async ({ principal, params, body }) => ({
  result: await updateAccountUser(principal, params.id, body),
  message: 'User updated',
}));
