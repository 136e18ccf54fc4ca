import { groupRouter } from '../http/router';
import { handler as createUser } from './create-user';
import { handler as getUser } from './get-user';
import { handler as listActivity } from './list-activity';
import { handler as listUsers } from './list-users';
import { handler as resetUserPin } from './reset-user-pin';
import { handler as searchActivity } from './search-activity';
import { handler as setUserStatus } from './set-user-status';
import { handler as updateAccount } from './update-account';
import { handler as updateUser } from './update-user';
import { teamRoutes } from './routes';

export const handler = groupRouter(teamRoutes, [
  createUser,
  getUser,
  listActivity,
  listUsers,
  resetUserPin,
  searchActivity,
  setUserStatus,
  updateAccount,
  updateUser,
]);
