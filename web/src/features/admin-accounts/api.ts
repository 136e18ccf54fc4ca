import type { ScopedMutator } from 'swr';
import { accountsRoutes } from '@shared/api/accounts-routes';
import type { Account } from '@shared/schemas/accounts';
import type { Status } from '@shared/schemas/common';
import { callRoute, pathOf, useRoute } from '../../api/call';

/**
 * Customer accounts in the admin area (docs/product/admin-and-auth.md §7 "Accounts", "Account users",
 * "Licences", "Recent lists"): one swr hook per resource, keyed by its API path (as
 * web/src/api/hooks.ts), so that a write revalidates what it changed with `mutate(path)`.
 * Errors are toasted by the fetch client.
 */

/** The swr keys (API paths) that writes revalidate. */
export const accountPaths = {
  dashboard: pathOf(accountsRoutes['get-dashboard']),
  recentAccounts: pathOf(accountsRoutes['list-recent-accounts']),
  recentUsers: pathOf(accountsRoutes['list-recent-users']),
  recentPayments: pathOf(accountsRoutes['list-recent-payments']),
  accounts: pathOf(accountsRoutes['list-accounts']),
  account: (id: string) => pathOf(accountsRoutes['get-account'], { params: { id } }),
  accountUsers: (id: string) => pathOf(accountsRoutes['list-account-users'], { params: { id } }),
  /** Every page of an account's licences starts so, followed by `?` and its search and page. */
  licences: (id: string) => pathOf(accountsRoutes['create-licences'], { params: { id } }),
  purchases: (id: string) => pathOf(accountsRoutes['list-purchases'], { params: { id } }),
} as const;

/** The platform's totals: accounts, users, active accounts, active venues. */
export function useDashboard() {
  return useRoute(accountsRoutes['get-dashboard'], {});
}

/** The five newest accounts. */
export function useRecentAccounts() {
  return useRoute(accountsRoutes['list-recent-accounts'], {});
}

/** The five newest users of all accounts, with their account. */
export function useRecentUsers() {
  return useRoute(accountsRoutes['list-recent-users'], {});
}

/** The five newest screens of all accounts. */
export function useRecentScreens() {
  return useRoute(accountsRoutes['list-recent-screens'], {});
}

/** The newest licence purchases of all accounts. */
export function useRecentPayments() {
  return useRoute(accountsRoutes['list-recent-payments'], {});
}

/** Every account, newest first. */
export function useAccounts() {
  return useRoute(accountsRoutes['list-accounts'], {});
}

/** One account. */
export function useAccount(id: string) {
  return useRoute(accountsRoutes['get-account'], { params: { id } });
}

/** The users of one account, newest first. */
export function useAccountUsers(id: string) {
  return useRoute(accountsRoutes['list-account-users'], { params: { id } });
}

/** One page (10) of an account's licences matching `search`; the last page stays shown while the next loads. */
export function useLicences(id: string, search: string, page: number) {
  return useRoute(
    accountsRoutes['list-licences'],
    { params: { id }, query: { search, page: String(page) } },
    { keepPreviousData: true },
  );
}

/** An account's licence purchases as recorded (its Billing), newest first. */
export function usePurchases(id: string) {
  return useRoute(accountsRoutes['list-purchases'], { params: { id } });
}

/** Revalidates everything cached of one account's licences (every page and search). */
export function revalidateLicences(mutate: ScopedMutator, accountId: string) {
  const prefix = accountPaths.licences(accountId);
  return mutate((key) => typeof key === 'string' && key.startsWith(`${prefix}?`));
}

/**
 * Revalidates what an account change shows elsewhere: the accounts list, the dashboard's totals,
 * recent accounts and recent users (a new account comes with its first Account Admin). `saved`
 * also goes straight into the account's own cache entry.
 */
export function accountChanged(mutate: ScopedMutator, saved: Account) {
  return Promise.all([
    mutate(accountPaths.account(saved.id), saved, { revalidate: false }),
    mutate(
      accountPaths.accounts,
      (list: Account[] | undefined) => list?.map((account) => (account.id === saved.id ? saved : account)),
      { revalidate: true },
    ),
    mutate(accountPaths.dashboard),
    mutate(accountPaths.recentAccounts),
    mutate(accountPaths.recentUsers),
  ]);
}

/**
 * Sets an account's status (GET /admin/account/{id}/{status}); the reply carries the account and
 * 'Account updated'. A failure is not toasted here: the status switch says it, with the message.
 */
export function setAccountStatus(id: string, status: Status) {
  return callRoute(accountsRoutes['set-account-status'], { params: { id, status } }, { toastErrors: false });
}

/**
 * Sets a user's status (GET /admin/users/{id}/{status}); the reply carries the user and 'User
 * status updated'. A failure is not toasted here: the status switch says it, with the message.
 */
export function setUserStatus(id: string, status: Status) {
  return callRoute(accountsRoutes['set-user-status'], { params: { id, status } }, { toastErrors: false });
}
