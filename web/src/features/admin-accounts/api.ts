import useSWR, { type ScopedMutator } from 'swr';
import type { Account, AccountUser, Dashboard, RecentScreen, RecentUser } from '@shared/schemas/accounts';
import type { Status } from '@shared/schemas/common';
import type { AccountPurchase, LicencePage, LicencePurchase } from '@shared/schemas/licences';
import { api, request } from '../../api/client';

/**
 * Customer accounts in the admin area (docs/product/admin-and-auth.md §7 "Accounts", "Account users",
 * "Licences", "Recent lists"): one swr hook per resource, keyed by its API path (as
 * web/src/api/hooks.ts), so that a write revalidates what it changed with `mutate(path)`.
 * Errors are toasted by the fetch client.
 */

export const accountPaths = {
  dashboard: '/admin/dashboard',
  recentAccounts: '/admin/recentAccounts',
  recentUsers: '/admin/recentUsers',
  recentScreens: '/admin/recentScreens',
  recentPayments: '/admin/recentPayments',
  accounts: '/admin/accounts',
  newAccount: '/admin/account',
  account: (id: string) => `/admin/account/${id}`,
  accountStatus: (id: string, status: Status) => `/admin/account/${id}/${status}`,
  accountUsers: (id: string) => `/admin/account/${id}/users`,
  user: (id: string) => `/admin/users/${id}`,
  userStatus: (id: string, status: Status) => `/admin/users/${id}/${status}`,
  impersonate: (id: string) => `/admin/impersonate/${id}`,
  /** POST adds licences; with `?search=&page=` (licencePage) GET reads a page of them. */
  licences: (id: string) => `/admin/account/${id}/license`,
  licencePage: (id: string, search: string, page: number) =>
    `/admin/account/${id}/license?${new URLSearchParams({ search, page: String(page) }).toString()}`,
  licence: (id: string, licenceId: string) => `/admin/account/${id}/license/${licenceId}`,
  purchases: (id: string) => `/admin/account/${id}/purchases`,
} as const;

const fetchResult = <T>(path: string) => api.get<T>(path);

/** The platform's totals: accounts, users, active accounts, active venues. */
export function useDashboard() {
  return useSWR<Dashboard>(accountPaths.dashboard, fetchResult);
}

/** The five newest accounts. */
export function useRecentAccounts() {
  return useSWR<Account[]>(accountPaths.recentAccounts, fetchResult);
}

/** The five newest users of all accounts, with their account. */
export function useRecentUsers() {
  return useSWR<RecentUser[]>(accountPaths.recentUsers, fetchResult);
}

/** The five newest screens of all accounts. */
export function useRecentScreens() {
  return useSWR<RecentScreen[]>(accountPaths.recentScreens, fetchResult);
}

/** The newest licence purchases of all accounts. */
export function useRecentPayments() {
  return useSWR<LicencePurchase[]>(accountPaths.recentPayments, fetchResult);
}

/** Every account, newest first. */
export function useAccounts() {
  return useSWR<Account[]>(accountPaths.accounts, fetchResult);
}

/** One account. */
export function useAccount(id: string) {
  return useSWR<Account>(accountPaths.account(id), fetchResult);
}

/** The users of one account, newest first. */
export function useAccountUsers(id: string) {
  return useSWR<AccountUser[]>(accountPaths.accountUsers(id), fetchResult);
}

/** One page (10) of an account's licences matching `search`; the last page stays shown while the next loads. */
export function useLicences(id: string, search: string, page: number) {
  return useSWR<LicencePage>(accountPaths.licencePage(id, search, page), fetchResult, {
    keepPreviousData: true,
  });
}

/** An account's licence purchases as recorded (its Billing), newest first. */
export function usePurchases(id: string) {
  return useSWR<AccountPurchase[]>(accountPaths.purchases(id), fetchResult);
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
  return request<Account>(accountPaths.accountStatus(id, status), { toastErrors: false });
}

/**
 * Sets a user's status (GET /admin/users/{id}/{status}); the reply carries the user and 'User
 * status updated'. A failure is not toasted here: the status switch says it, with the message.
 */
export function setUserStatus(id: string, status: Status) {
  return request<AccountUser>(accountPaths.userStatus(id, status), { toastErrors: false });
}
