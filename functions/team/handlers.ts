import { bindHandlers } from '@core/http/handler-map';
import {
  createAccountUser,
  getAccountUser,
  listTeamUsers,
  resetUserPin,
  setAccountUserStatus,
  updateAccountUser,
} from './service';
import { updateOwnAccount } from './own-account';
import { accountActivity } from './activity-log';
import { teamRoutes } from '@shared/api/team-routes';

export const handler = bindHandlers(teamRoutes, {
  'create-user': async ({ principal, body }) => ({
    result: await createAccountUser(principal, principal.accountId, body),
    message: 'User created',
  }),
  'get-user': async ({ principal, params }) => ({
    result: await getAccountUser(principal, params.id),
  }),
  'list-activity': async ({ principal, query }) => ({
    result: await accountActivity(principal, query),
  }),
  'list-users': async ({ principal }) => ({
    result: await listTeamUsers(principal.accountId),
  }),
  'reset-user-pin': async ({ principal, params }) => ({
    result: { pin_number: await resetUserPin(principal, params.id) },
    message: 'PIN updated',
  }),
  'search-activity': async ({ principal, body }) => ({
    result: await accountActivity(principal, body),
  }),
  'set-user-status': async ({ principal, params }) => ({
    result: await setAccountUserStatus(principal, params.id, params.status),
    message: 'User updated',
  }),
  'update-account': async ({ principal, body }) => ({
    result: await updateOwnAccount(principal, body),
    message: 'Success',
  }),
  'update-user': async ({ principal, params, body }) => ({
    result: await updateAccountUser(principal, params.id, body),
    message: 'User updated',
  }),
});
