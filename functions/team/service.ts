import { listUserItems } from '@core/people/user-store';
import { ulid } from 'ulid';
import type { ClientRole } from '@shared/roles';
import type {
  AccountUser,
  newAccountUserSchema,
  RecentUser,
  updateAccountUserSchema,
} from '@shared/schemas/accounts';
import type { Status } from '@shared/schemas/common';
import type * as z from 'zod';
import {
  adminLimitReached,
  findUser,
  insertAccountUser,
  isActiveAdmin,
  recentUserItems,
  saveAccountUser,
  type UserFields,
} from './store';
import { getAccount, getAccounts, getPackage } from '@core/people/account-store';
import type { PackageItem, UserItem } from '@core/table/entities';
import { shardOf } from '@core/table/shards';
import { Conflict, Forbidden, Invalid, NotFound, isDependencyFailure } from '@core/errors';
import { logger } from '@core/logger';
import type { Principal } from '@core/auth/principal';
import { clientUsername } from '@core/auth/tokens';
import { refuseImpersonation } from '../auth';
import { createLogin, deleteLogin, setLoginEmail, setPassword } from '@core/auth/identity';
import { fullName } from '@core/people/names';
import { endSessions } from '@core/auth/sessions';
import { socialLinksOnEmailChange } from '../me';
import { randomPin } from '../me';
import { replacePin } from '@core/people/user-store';
import { acceptUpload, fileUrl, releaseFiles, savingFiles } from '@core/files/uploads';

/**
 * The users of customer accounts, as the platform admin area manages them (docs/product/admin-and-auth.md §2
 * "Account users screen", §5, §7 "Account users") and as an account's own Account Admin does
 * (docs/product/client-area.md §2 "Account management", §7): roles of the account's package, e-mail unique in the
 * client area, PIN unique in the account, active Account Admins within the package's limit and
 * never fewer than one. A client principal reaches only the users of its own account: the user of
 * another account is not found.
 */
type NewAccountUser = z.output<typeof newAccountUserSchema>;
type AccountUserChanges = z.output<typeof updateAccountUserSchema>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;

async function toAccountUser(item: UserItem): Promise<AccountUser> {
  return {
    id: item.user_id,
    account_id: item.account_id,
    first_name: item.first_name,
    last_name: orNull(item.last_name),
    email: item.email,
    designation: orNull(item.designation),
    user_role: item.user_role,
    phone_no: orNull(item.phone_no),
    cell_no: orNull(item.cell_no),
    status: item.status,
    photo_uri: orNull(item.photo_uri),
    photo_url: await fileUrl(item.photo_uri),
    pin_number: item.pin_number,
    user_group: orNull(item.user_group),
    created_source: orNull(item.created_source),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/**
 * Makes a client login in Cognito, then runs the DynamoDB write of its user; when either fails
 * half-way, the login is removed again, so a failure leaves neither. (A login without a user
 * item could not sign in anyway: sign-in finds the user by e-mail in DynamoDB first.)
 */
export async function withLogin(
  username: string,
  email: string,
  password: string | undefined,
  write: () => Promise<void>,
): Promise<void> {
  const undo = async (error: unknown): Promise<never> => {
    await deleteLogin('client', username).catch((failure: unknown) =>
      logger.error('A login could not be removed after a failed creation', { username, failure }),
    );
    throw error;
  };
  // Cognito not answering confirmed nothing; asking it to undo would only wait as long again.
  await createLogin('client', username, email, password).catch((error: unknown) =>
    isDependencyFailure(error) ? Promise.reject(error as Error) : undo(error),
  );
  await write().catch(undo);
}

/** A role must be one the account's package allows (docs/product/admin-and-auth.md §5). */
function assertRoleAllowed(pkg: PackageItem, role: ClientRole): void {
  if (!pkg.allowed_user_roles.includes(role)) {
    throw new Invalid({
      user_role: `This account's package allows only these roles: ${pkg.allowed_user_roles.join(', ')}`,
    });
  }
}

/** Checked before anything is written; the transaction holds the limit against concurrent changes. */
function assertAdminRoom(pkg: PackageItem, activeAdmins: number | undefined): void {
  if (pkg.admin_limit !== undefined && (activeAdmins ?? 0) >= pkg.admin_limit) {
    throw adminLimitReached(pkg.admin_limit);
  }
}

/** The users of an account, newest first. */
export async function listAccountUsers(accountId: string): Promise<AccountUser[]> {
  const [account, users] = await Promise.all([getAccount(accountId), listUserItems(accountId)]);
  if (!account) throw new NotFound('Account');
  return Promise.all(users.toReversed().map(toAccountUser));
}

/** The users of the signed-in user's own account, newest first (the account was read to sign in). */
export async function listTeamUsers(accountId: string): Promise<AccountUser[]> {
  return Promise.all((await listUserItems(accountId)).toReversed().map(toAccountUser));
}

/** The five newest users of every account, each with their account's name (one BatchGetItem). */
export async function recentUsers(): Promise<RecentUser[]> {
  const users = await recentUserItems(5);
  const accounts = new Map(
    (await getAccounts([...new Set(users.map((user) => user.account_id))])).map((a) => [a.account_id, a]),
  );
  return Promise.all(
    users.map(async (user) => ({
      ...(await toAccountUser(user)),
      account: { id: user.account_id, name: accounts.get(user.account_id)?.name ?? '' },
    })),
  );
}

/**
 * A user as the principal may reach them: any account's for a super admin, only their own
 * account's for a client user (404 otherwise, as for a user who does not exist).
 */
async function reachableUser(principal: Principal, userId: string): Promise<UserItem> {
  const user = await findUser(userId);
  if (!user || (principal.kind === 'client' && user.account_id !== principal.accountId)) {
    throw new NotFound('User');
  }
  return user;
}

export async function getAccountUser(principal: Principal, userId: string): Promise<AccountUser> {
  return toAccountUser(await reachableUser(principal, userId));
}

/**
 * Adds a user to an account, active, with a role its package allows and within its limit of
 * active Account Admins; a PIN left out is chosen at random. Made in Cognito and DynamoDB
 * together (withLogin).
 */
export async function createAccountUser(
  principal: Principal,
  accountId: string,
  input: NewAccountUser,
): Promise<AccountUser> {
  // A client's own account was read (consistently) to authenticate the request.
  const account =
    principal.kind === 'client' && principal.accountId === accountId
      ? principal.account
      : await getAccount(accountId);
  if (!account) throw new NotFound('Account');
  const pkg = await getPackage(account.package_id);
  if (!pkg) throw new Invalid({ user_role: "The account's package no longer exists" });
  assertRoleAllowed(pkg, input.user_role);
  if (input.user_role === 'Account Admin') assertAdminRoom(pkg, account.active_admins);
  const photo = input.photo_uri
    ? await acceptUpload(principal, 'profile-photo', 'photo_uri', input.photo_uri, accountId)
    : undefined;
  const now = new Date().toISOString();
  const userId = ulid();
  const user: UserItem = {
    account_id: accountId,
    user_id: userId,
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    designation: input.designation,
    phone_no: input.phone_no,
    cell_no: input.cell_no,
    user_role: input.user_role,
    status: 'Active',
    pin_number: input.pin_number ?? randomPin(),
    photo_uri: photo?.key,
    created_source: principal.kind === 'admin' ? 'admin' : 'account',
    recent_shard: shardOf(userId),
    sessions_ended_at: 0,
    sessions_admitted: [],
    created_at: now,
    updated_at: now,
  };
  await savingFiles([photo], () =>
    withLogin(clientUsername(accountId, user.user_id), user.email, input.password, async () => {
      // A PIN chosen here that someone has meanwhile is chosen again; one asked for is a 409.
      for (let attempt = 0; ; attempt++) {
        try {
          return await insertAccountUser(user, pkg.admin_limit, {
            principal,
            component: 'User',
            componentId: user.user_id,
            activity: `Created user ${fullName(user)} (${user.user_role}) in ${account.name}`,
          });
        } catch (error) {
          const pinTaken = error instanceof Conflict && error.fields?.pin_number;
          if (!pinTaken || input.pin_number || attempt >= 20) throw error;
          user.pin_number = randomPin();
        }
      }
    }),
  );
  return toAccountUser(user);
}

/**
 * Changes a user: name, e-mail, role, phone, cell (the client area's; the admin area's change
 * takes none and keeps it), status and PIN. A new e-mail moves its guard and the Cognito login's
 * e-mail (set back if the DynamoDB write fails); a new role must be one the package allows;
 * becoming an active Account Admin is within the package's limit; optional fields left blank are
 * cleared, the status and PIN left out are kept. A new `password` (an Account Admin setting
 * another user's, never their own: that takes the current one, from the profile) is set in
 * Cognito after the change is saved, and ends that user's sessions.
 */
export async function updateAccountUser(
  principal: Principal,
  userId: string,
  input: AccountUserChanges & { cell_no?: string; password?: string; photo_uri?: string },
): Promise<AccountUser> {
  const user = await reachableUser(principal, userId);
  const status = input.status ?? user.status;
  if (status !== user.status) refuseOwnStatus(principal, user);
  if (input.password !== undefined) {
    refuseImpersonation(principal, 'password');
    refuseOwnPassword(principal, user);
  }
  const photo =
    input.photo_uri && input.photo_uri !== user.photo_uri
      ? await acceptUpload(principal, 'profile-photo', 'photo_uri', input.photo_uri, user.account_id)
      : undefined;
  const saved = await savingFiles([photo], () =>
    changeUser(principal, user, {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      user_role: input.user_role,
      phone_no: input.phone_no,
      cell_no: principal.kind === 'admin' ? user.cell_no : input.cell_no,
      status,
      pin_number: input.pin_number ?? user.pin_number,
      ...(photo ? { photo_uri: photo.key } : {}),
    }),
  );
  // The photo it replaced is deleted.
  if (photo) await releaseFiles(user.account_id, [user.photo_uri]);
  if (input.password !== undefined) {
    await setPassword('client', clientUsername(user.account_id, user.user_id), input.password);
    await endSessions({ area: 'client', ownerId: user.user_id, accountId: user.account_id });
  }
  return toAccountUser(saved);
}

/** A client user may not switch their own status: they would lock themselves out. */
function refuseOwnStatus(principal: Principal, user: UserItem): void {
  if (principal.kind === 'client' && principal.userId === user.user_id) {
    throw new Forbidden('You cannot change your own status');
  }
}

/**
 * A user's own password is changed from their profile, with the current one
 * (POST /client/passwordChange), not through the users' panel.
 */
function refuseOwnPassword(principal: Principal, user: UserItem): void {
  if (principal.kind === 'client' && principal.userId === user.user_id) {
    throw new Forbidden('Change your own password from your profile');
  }
}

/** Gives a user a new random PIN, unique in the account (GET /client/user/{id}/resetPIN). */
export async function resetUserPin(principal: Principal, userId: string): Promise<string> {
  const user = await reachableUser(principal, userId);
  refuseImpersonation(principal, 'PIN');
  for (let attempt = 0; attempt < 25; attempt++) {
    const pin = randomPin();
    if (pin === user.pin_number) continue;
    try {
      await replacePin(user, pin, {
        principal,
        component: 'User',
        componentId: user.user_id,
        activity: `Refreshed the PIN of ${fullName(user)}`,
      });
      return pin;
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }
  throw new Conflict('No free PIN was found. Please try again');
}

/** Activates or deactivates a user; deactivating ends their sessions. */
export async function setAccountUserStatus(
  principal: Principal,
  userId: string,
  status: Status,
): Promise<AccountUser> {
  const user = await reachableUser(principal, userId);
  refuseOwnStatus(principal, user);
  if (user.status === status) return toAccountUser(user);
  const { first_name, last_name, email, user_role, phone_no, cell_no, pin_number } = user;
  return toAccountUser(
    await changeUser(principal, user, {
      first_name,
      last_name,
      email,
      user_role,
      phone_no,
      cell_no,
      pin_number,
      status,
    }),
  );
}

async function changeUser(principal: Principal, user: UserItem, changes: UserFields): Promise<UserItem> {
  const roleChanged = changes.user_role !== user.user_role;
  const becomesActiveAdmin = isActiveAdmin(changes) && !isActiveAdmin(user);
  // The account names its first Account Admin: an Account Admin's new name or e-mail may go there.
  const adminNamesChanged =
    user.user_role === 'Account Admin' &&
    (changes.email !== user.email ||
      changes.first_name !== user.first_name ||
      changes.last_name !== user.last_name);
  // The account is read only when the package's rules apply or its first admin's names may follow.
  const account =
    roleChanged || becomesActiveAdmin || adminNamesChanged ? await getAccount(user.account_id) : null;
  let adminLimit: number | undefined;
  if (roleChanged || becomesActiveAdmin) {
    const pkg = account && (await getPackage(account.package_id));
    if (!pkg) throw new Invalid({ user_role: "The account's package no longer exists" });
    if (roleChanged) assertRoleAllowed(pkg, changes.user_role);
    if (becomesActiveAdmin) assertAdminRoom(pkg, account.active_admins);
    adminLimit = pkg.admin_limit;
  }
  const statusOnly = !roleChanged && changes.status !== user.status;
  const social = socialLinksOnEmailChange(principal, user, user.user_id, changes.email);
  const activity = {
    principal,
    component: 'User',
    componentId: user.user_id,
    activity: statusOnly
      ? `${changes.status === 'Active' ? 'Activated' : 'Deactivated'} user ${fullName(user)}`
      : `Updated user ${fullName(changes)}${social.note}`,
  };
  const save = () =>
    saveAccountUser(
      user,
      changes,
      {
        adminLimit,
        isFirstAdmin: account?.admin_user_id === user.user_id,
        // The account's own people keep one active Account Admin; a super admin may leave none
        // for a moment (to replace one within a package's limit of one).
        keepOneAdmin: principal.kind === 'client',
        dropSocialLinks: social.drop,
      },
      activity,
    );
  if (changes.email === user.email) return save();
  // The login's e-mail first, set back when the DynamoDB write fails (e.g. the address is taken).
  const username = clientUsername(user.account_id, user.user_id);
  await setLoginEmail('client', username, changes.email);
  try {
    return await save();
  } catch (error) {
    await setLoginEmail('client', username, user.email).catch((failure: unknown) =>
      logger.error("A login's e-mail could not be set back after a failed change", { username, failure }),
    );
    throw error;
  }
}
