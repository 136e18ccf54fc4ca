import { route } from '../http/route';
import { listTeamUsers } from '../services/account-users';
import { teamRoutes } from './routes';

export const handler = route(teamRoutes['list-users'], async ({ principal }) => ({
  result: await listTeamUsers(principal.accountId),
}));
