import { bindHandlers } from '@core/http/handler-map';
import {
  createAccountUser,
  getAccountUser,
  listAccountUsers,
  recentUsers,
  setAccountUserStatus,
  updateAccountUser,
} from '../team';
import {
  createAccount,
  dashboard,
  getAccountView,
  listAccounts,
  recentAccounts,
  searchAccounts,
  setAccountStatus,
  updateAccount,
} from './service';
import { impersonate } from './impersonation';
import {
  accountPurchases,
  createLicences,
  deleteLicence,
  listLicences,
  recentPayments,
  updateLicence,
} from '../screens';
import { recentScreens } from '../screens';
import { accountsRoutes } from '@shared/api/accounts-routes';

export const handler = bindHandlers(accountsRoutes, {
  'create-account-user': async ({ principal, params, body }) => ({
    result: await createAccountUser(principal, params.id, body),
    message: 'User created',
  }),
  'create-account': async ({ principal, body }) => ({
    result: await createAccount(principal, body),
    message: 'Account created',
  }),
  'create-licences': async ({ principal, params, body }) => ({
    result: await createLicences(principal, params.id, body),
    message: 'Licenses added',
  }),
  'delete-licence': async ({ principal, params }) => {
    await deleteLicence(principal, params.id, params.licenceId);
    return { message: 'License deleted' };
  },
  'get-account': async ({ params }) => ({
    result: await getAccountView(params.id),
  }),
  'get-dashboard': async () => ({ result: await dashboard() }),
  'get-user': async ({ principal, params }) => ({
    result: await getAccountUser(principal, params.id),
  }),
  impersonate: async ({ principal, params }) => ({
    result: await impersonate(principal, params.id),
  }),
  'list-account-users': async ({ params }) => ({
    result: await listAccountUsers(params.id),
  }),
  'list-accounts': async () => ({ result: await listAccounts() }),
  'list-licences': async ({ params, query }) => ({
    result: await listLicences(params.id, query),
  }),
  'list-purchases': async ({ params }) => ({
    result: await accountPurchases(params.id),
  }),
  'list-recent-accounts': async () => ({
    result: await recentAccounts(),
  }),
  'list-recent-payments': async () => ({
    result: await recentPayments(),
  }),
  'list-recent-screens': async () => ({
    result: await recentScreens(),
  }),
  'list-recent-users': async () => ({
    result: await recentUsers(),
  }),
  'search-accounts': async ({ params }) => ({
    result: await searchAccounts(params.search),
  }),
  'set-account-status': async ({ principal, params }) => ({
    result: await setAccountStatus(principal, params.id, params.status),
    message: 'Account updated',
  }),
  'set-user-status': async ({ principal, params }) => ({
    result: await setAccountUserStatus(principal, params.id, params.status),
    message: 'User status updated',
  }),
  'update-account': async ({ principal, params, body }) => ({
    result: await updateAccount(principal, params.id, body),
    message: 'Account updated',
  }),
  'update-licence': async ({ principal, params, body }) => ({
    result: await updateLicence(principal, params.id, params.licenceId, body),
    message: 'License updated',
  }),
  'update-user': async ({ principal, params, body }) => ({
    result: await updateAccountUser(principal, params.id, body),
    message: 'User updated',
  }),
});
