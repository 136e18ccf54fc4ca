import { ulid } from 'ulid';
import type { ClientRole } from '@shared/roles';
import type { Account, Dashboard, newAccountSchema, updateAccountSchema } from '@shared/schemas/accounts';
import { rolesText } from '@shared/schemas/packages';
import type * as z from 'zod';
import {
  getAccount,
  getAccountAndPackage,
  getPackage,
  insertAccount,
  listAccountItems,
  listPackageItems,
  saveAccount,
  saveAccountStatus,
  type AccountFields,
} from '@core/people/account-store';
import type { AccountItem, PackageItem, UserItem } from '@core/table/entities';
import { getPlatformStats } from '@core/table/platform-counters';
import { shardOf } from '@core/table/shards';
import { Invalid, NotFound } from '@core/errors';
import { logger } from '@core/logger';
import type { AdminPrincipal } from '@core/auth/principal';
import { clientUsername } from '@core/auth/tokens';
import { withLogin } from '../team';
import { randomPin } from '../me';
import { newResetToken } from '../auth';
import { escapeHtml, sendMail } from '@core/mail';
import { acceptUpload, fileUrl, releaseFiles, savingFiles } from '@core/files/uploads';

/**
 * Customer accounts as the platform admin area manages them (docs/product/admin-and-auth.md §2, §5, §7). An
 * account is created with its first Account Admin, in Cognito and DynamoDB together; counters
 * (the account's users and active Account Admins, the platform's totals) move in the transaction
 * of each change (docs/data-model.md).
 */
type NewAccount = z.output<typeof newAccountSchema>;
type AccountChanges = z.output<typeof updateAccountSchema>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/** How long the link a new Account Admin gets to set a password is valid. */
const welcomeLinkSeconds = 72 * 60 * 60;

/** An account as the admin area reads it; `pkg` is its package, if it still exists. */
async function toAccount(item: AccountItem, pkg: PackageItem | null | undefined): Promise<Account> {
  return {
    id: item.account_id,
    name: item.name,
    address: orNull(item.address),
    city: orNull(item.city),
    state: orNull(item.state),
    country: orNull(item.country),
    zipcode: orNull(item.zipcode),
    domain: orNull(item.domain),
    logo_uri: orNull(item.logo_uri),
    logo_url: await fileUrl(item.logo_uri),
    status: item.status,
    isActive: item.status === 'Active',
    package_id: item.package_id,
    package: pkg
      ? {
          id: pkg.package_id,
          name: pkg.name,
          allowed_user_roles: rolesText(pkg.allowed_user_roles as ClientRole[]),
        }
      : null,
    package_start_date: orNull(item.package_start_date),
    package_end_date: orNull(item.package_end_date),
    admin:
      item.admin_user_id && item.admin_email
        ? {
            id: item.admin_user_id,
            email: item.admin_email,
            first_name: item.admin_first_name ?? '',
            last_name: orNull(item.admin_last_name),
          }
        : null,
    total_users: item.total_users ?? 0,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** Accounts with their packages' names, from one Query of accounts and one of packages. */
async function accountsWithPackages(limit?: number): Promise<Array<[AccountItem, PackageItem | undefined]>> {
  const [accounts, packages] = await Promise.all([listAccountItems(limit), listPackageItems()]);
  const byId = new Map(packages.map((pkg) => [pkg.package_id, pkg]));
  return accounts.map((account) => [account, byId.get(account.package_id)]);
}

/** Every account, newest first. */
export async function listAccounts(): Promise<Account[]> {
  return Promise.all((await accountsWithPackages()).map(([account, pkg]) => toAccount(account, pkg)));
}

/** The five newest accounts (the admin dashboard). */
export async function recentAccounts(): Promise<Account[]> {
  return Promise.all((await accountsWithPackages(5)).map(([account, pkg]) => toAccount(account, pkg)));
}

/**
 * Accounts any shown field of which contains the text, trimmed and in any case: name, address,
 * city, state, country, zip code, domain, package, and the first Account Admin's e-mail and name.
 */
export async function searchAccounts(text: string): Promise<Account[]> {
  const needle = text.trim().toLowerCase();
  const matches = (await accountsWithPackages()).filter(([account, pkg]) =>
    [
      account.name,
      account.address,
      account.city,
      account.state,
      account.country,
      account.zipcode,
      account.domain,
      pkg?.name,
      account.admin_email,
      account.admin_first_name,
      account.admin_last_name,
    ].some((value) => value?.toLowerCase().includes(needle)),
  );
  return Promise.all(matches.map(([account, pkg]) => toAccount(account, pkg)));
}

export async function getAccountView(accountId: string): Promise<Account> {
  const account = await getAccount(accountId);
  if (!account) throw new NotFound('Account');
  return toAccount(account, await getPackage(account.package_id));
}

/** The package an account is given: it must exist, and be active when newly chosen. */
function usablePackage(pkg: PackageItem | null, newlyChosen: boolean): PackageItem {
  if (!pkg) throw new Invalid({ package_id: 'This package does not exist' });
  if (newlyChosen && pkg.status !== 'Active') throw new Invalid({ package_id: 'This package is inactive' });
  return pkg;
}

/**
 * Adds an account and its first Account Admin (active, PIN chosen at random). The login is
 * made in Cognito first, then the account, the admin, their guards and the counters in one
 * DynamoDB transaction; when that fails (a taken e-mail or domain) the login is removed, so a
 * failure leaves neither. Without a password the admin is e-mailed a link to set one (the reset
 * page, valid 72 hours).
 */
export async function createAccount(principal: AdminPrincipal, input: NewAccount): Promise<Account> {
  const pkg = usablePackage(await getPackage(input.package_id), true);
  if (!pkg.allowed_user_roles.includes('Account Admin')) {
    throw new Invalid({ package_id: 'This package does not allow Account Admins' });
  }
  // The new account's logo is counted in its storage as the account is written.
  const logo = input.logo_uri
    ? await acceptUpload(principal, 'account-logo', 'logo_uri', input.logo_uri, null)
    : undefined;
  const accountId = ulid();
  const adminId = ulid();
  const now = new Date().toISOString();
  const account: AccountItem = {
    account_id: accountId,
    name: input.name,
    address: input.address,
    city: input.city,
    state: input.state,
    country: input.country,
    zipcode: input.zipcode,
    domain: input.domain,
    logo_uri: logo?.key,
    ...(logo ? { storage_bytes: logo.size } : {}),
    status: 'Active',
    package_id: pkg.package_id,
    package_start_date: input.package_start_date,
    package_end_date: input.package_end_date,
    admin_user_id: adminId,
    admin_email: input.admin_email,
    admin_first_name: input.admin_first_name,
    admin_last_name: input.admin_last_name,
    total_users: 1,
    active_admins: 1,
    total_venues: 0,
    total_spaces: 0,
    total_screens: 0,
    licence_seq: 0,
    sessions_ended_at: 0,
    created_at: now,
    updated_at: now,
  };
  const admin: UserItem = {
    account_id: accountId,
    user_id: adminId,
    email: input.admin_email,
    first_name: input.admin_first_name,
    last_name: input.admin_last_name,
    user_role: 'Account Admin',
    status: 'Active',
    pin_number: randomPin(),
    created_source: 'admin',
    recent_shard: shardOf(adminId),
    sessions_ended_at: 0,
    sessions_admitted: [],
    created_at: now,
    updated_at: now,
  };
  const welcome = input.admin_password
    ? undefined
    : newResetToken('client', input.admin_email, welcomeLinkSeconds);
  await savingFiles([logo], () =>
    withLogin(clientUsername(accountId, adminId), input.admin_email, input.admin_password, () =>
      insertAccount(account, admin, welcome?.record, {
        principal,
        component: 'Account',
        componentId: accountId,
        activity: `Created account ${account.name}`,
      }),
    ),
  );
  if (welcome) await sendWelcome(admin, account, welcome.link);
  return toAccount(account, pkg);
}

/**
 * The new Account Admin's link to set a password. The account exists whether or not the mail
 * goes out; if it does not, the admin can still ask for a reset link on the login page.
 */
async function sendWelcome(admin: UserItem, account: AccountItem, link: string): Promise<void> {
  try {
    await sendMail({
      to: admin.email,
      subject: 'Welcome to Spaces: set your password',
      text: `Hello ${admin.first_name},\n\nThe account "${account.name}" has been created for you on Spaces, with you as its Account Admin.\n\nSet your password here within 72 hours: ${link}\n\nAfterwards, sign in with this e-mail address.`,
      html: `<p>Hello ${escapeHtml(admin.first_name)},</p><p>The account “${escapeHtml(account.name)}” has been created for you on Spaces, with you as its Account Admin.</p><p><a href="${escapeHtml(link)}">Set your password</a> within 72 hours, then sign in with this e-mail address.</p>`,
    });
  } catch (error) {
    logger.warn('The welcome mail of a new Account Admin could not be sent', error as Error);
  }
}

/**
 * Changes an account. A package newly chosen must be active and allow at least as many active
 * Account Admins as the account has; the logo left out is kept; other optional fields left blank
 * are cleared; a status change moves the platform's totals and a deactivation ends the sessions
 * of the account's users.
 */
export async function updateAccount(
  principal: AdminPrincipal,
  accountId: string,
  input: AccountChanges,
): Promise<Account> {
  const { account, pkg: found } = await getAccountAndPackage(accountId, input.package_id);
  if (!account) throw new NotFound('Account');
  const packageChanged = input.package_id !== account.package_id;
  const pkg = usablePackage(found, packageChanged);
  const adminLimit = packageChanged ? pkg.admin_limit : undefined;
  if (adminLimit !== undefined && (account.active_admins ?? 0) > adminLimit) {
    throw new Invalid({
      package_id: `This package allows at most ${adminLimit} active Account Admin${adminLimit === 1 ? '' : 's'}; the account has ${account.active_admins}`,
    });
  }
  const logo =
    input.logo_uri && input.logo_uri !== account.logo_uri
      ? await acceptUpload(principal, 'account-logo', 'logo_uri', input.logo_uri, accountId)
      : undefined;
  const changes: AccountFields = {
    name: input.name,
    address: input.address,
    city: input.city,
    state: input.state,
    country: input.country,
    zipcode: input.zipcode,
    domain: input.domain,
    logo_uri: logo?.key ?? account.logo_uri,
    package_id: input.package_id,
    package_start_date: input.package_start_date,
    package_end_date: input.package_end_date,
    status: input.status ?? account.status,
  };
  const saved = await savingFiles([logo], () =>
    saveAccount(account, changes, adminLimit, {
      principal,
      component: 'Account',
      componentId: accountId,
      activity: `Updated account ${changes.name}`,
    }),
  );
  // The logo it replaced is deleted.
  if (logo) await releaseFiles(accountId, [account.logo_uri]);
  return toAccount(saved, pkg);
}

/** Activates or deactivates an account; deactivating ends every session of its users. */
export async function setAccountStatus(
  principal: AdminPrincipal,
  accountId: string,
  status: AccountItem['status'],
): Promise<Account> {
  const account = await getAccount(accountId);
  if (!account) throw new NotFound('Account');
  if (account.status === status) return toAccount(account, await getPackage(account.package_id));
  const [saved, pkg] = await Promise.all([
    saveAccountStatus(account, status, {
      principal,
      component: 'Account',
      componentId: accountId,
      activity: `${status === 'Active' ? 'Activated' : 'Deactivated'} account ${account.name}`,
    }),
    getPackage(account.package_id),
  ]);
  return toAccount(saved, pkg);
}

/** The admin dashboard's totals: the platform's counters and their shards, summed (one BatchGetItem). */
export async function dashboard(): Promise<Dashboard> {
  const { total_accounts, total_users, active_accounts, active_venues } = await getPlatformStats();
  return { total_accounts, total_users, active_accounts, active_venues };
}
