import { groupRouter } from '../http/router';
import { handler as createAccount } from './create-account';
import { handler as createAccountUser } from './create-account-user';
import { handler as createLicences } from './create-licences';
import { handler as deleteLicence } from './delete-licence';
import { handler as getAccount } from './get-account';
import { handler as getDashboard } from './get-dashboard';
import { handler as getUser } from './get-user';
import { handler as impersonate } from './impersonate';
import { handler as listAccountUsers } from './list-account-users';
import { handler as listAccounts } from './list-accounts';
import { handler as listLicences } from './list-licences';
import { handler as listPurchases } from './list-purchases';
import { handler as listRecentAccounts } from './list-recent-accounts';
import { handler as listRecentPayments } from './list-recent-payments';
import { handler as listRecentScreens } from './list-recent-screens';
import { handler as listRecentUsers } from './list-recent-users';
import { handler as searchAccounts } from './search-accounts';
import { handler as setAccountStatus } from './set-account-status';
import { handler as setUserStatus } from './set-user-status';
import { handler as updateAccount } from './update-account';
import { handler as updateLicence } from './update-licence';
import { handler as updateUser } from './update-user';
import { accountsRoutes } from './routes';

export const handler = groupRouter(accountsRoutes, [
  createAccount,
  createAccountUser,
  createLicences,
  deleteLicence,
  getAccount,
  getDashboard,
  getUser,
  impersonate,
  listAccountUsers,
  listAccounts,
  listLicences,
  listPurchases,
  listRecentAccounts,
  listRecentPayments,
  listRecentScreens,
  listRecentUsers,
  searchAccounts,
  setAccountStatus,
  setUserStatus,
  updateAccount,
  updateLicence,
  updateUser,
]);
