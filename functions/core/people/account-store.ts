import type { CreateEntityItem } from 'electrodb';
import { Conflict } from '../errors';
import type { ActivityInput } from '../table/activity-entry';
import { batchGet, pick } from '../table/batch-get';
import { db, type AccountItem, type PackageItem, type UserItem } from '../table/entities';
import type { packageEntity } from '../table/model/people';
import { statsChange } from '../table/platform-counters';
import { changedMeanwhile, isConditionFailure, runSteps, type Step } from '../table/transactions';
import { CACHE_TTL_MS, ttlCache } from '../table/ttl-cache';
import { emailScope, pinScope } from './user-store';

/** An account is unique by its domain: `DOMAIN#account#` / `GUARD#<domain>#`. */
const domainScope = 'DOMAIN#account';
const domainTaken = () =>
  new Conflict('This domain is already used by another account', {
    domain: 'This domain is already used by another account',
  });

export async function getAccount(accountId: string): Promise<AccountItem | null> {
  const { data } = await db().entities.account.get({ account_id: accountId }).go({ consistent: true });
  return data;
}

/**
 * Packages change seldom and most requests of an account read its package: each container keeps
 * the ones it read for a minute (docs/data-model.md "Cached reads"). A package written in this
 * container is forgotten at once (`forgetPackage`).
 */
const packages = ttlCache<PackageItem | null>({ ttlMs: CACHE_TTL_MS, maxEntries: 200 });

/** A package as a request reads it: the container's copy while it is younger than a minute. */
export async function getPackage(packageId: string): Promise<PackageItem | null> {
  return structuredClone(await packages.get(packageId, () => readPackage(packageId)));
}

/** A package as it is now (GetItem, consistent): for the platform admin's package form and its change. */
export async function readPackage(packageId: string): Promise<PackageItem | null> {
  const { data } = await db().entities.package.get({ package_id: packageId }).go({ consistent: true });
  return data;
}

/** Drops this container's copy of a package a write changed. */
export const forgetPackage = (packageId: string) => packages.drop(packageId);

/**
 * Adds `bytes` to the account's `storage_bytes`; with a `limit`, only when the total stays within
 * it. Answers false when it would not. Bytes taken off (negative) never take it below 0 (files
 * stored before the account counted them are not in it).
 */
export async function addStorage(accountId: string, bytes: number, limit?: number): Promise<boolean> {
  const account = () => db().entities.account.patch({ account_id: accountId });
  try {
    if (limit !== undefined) {
      await account()
        .add({ storage_bytes: bytes })
        .where(
          ({ storage_bytes }, { lte, notExists }) =>
            `${lte(storage_bytes, limit - bytes)} OR ${notExists(storage_bytes)}`,
        )
        .go({ response: 'none' });
    } else if (bytes >= 0) {
      await account().add({ storage_bytes: bytes }).go({ response: 'none' });
    } else {
      try {
        await account()
          .add({ storage_bytes: bytes })
          .where(({ storage_bytes }, { gte }) => gte(storage_bytes, -bytes))
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        await account()
          .set({ storage_bytes: 0 })
          .where(
            ({ storage_bytes }, { lt, notExists }) =>
              `${lt(storage_bytes, -bytes)} OR ${notExists(storage_bytes)}`,
          )
          .go({ response: 'none' });
      }
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** An account and a package, in one consistent BatchGetItem. */
export async function getAccountAndPackage(
  accountId: string,
  packageId: string,
): Promise<{ account: AccountItem | null; pkg: PackageItem | null }> {
  const { account, package: packages } = db().entities;
  const items = await batchGet(
    [
      account.get({ account_id: accountId }).params().Key,
      packages.get({ package_id: packageId }).params().Key,
    ],
    { consistent: true },
  );
  return {
    account: pick(items, (answer) => account.parse(answer)),
    pkg: pick(items, (answer) => packages.parse(answer)),
  };
}

/** Accounts by id, in one BatchGetItem (the recent users' accounts). */
export async function getAccounts(accountIds: string[]): Promise<AccountItem[]> {
  if (!accountIds.length) return [];
  const { account } = db().entities;
  const items = await batchGet(accountIds.map((id) => account.get({ account_id: id }).params().Key));
  return items.map((Item) => account.parse({ Item }).data).filter((item) => item !== null);
}

/** Every account, newest first: one Query of gsi1 `ACCOUNTS#` (pattern 2). */
export async function listAccountItems(limit?: number): Promise<AccountItem[]> {
  const { data } = await db()
    .entities.account.query.all({})
    .go(limit ? { order: 'desc', limit } : { order: 'desc', pages: 'all' });
  return data;
}

/** Every package: one Query of gsi1 `PACKAGES#` (pattern 11), to name the packages of a list. */
export async function listPackageItems(): Promise<PackageItem[]> {
  const { data } = await db().entities.package.query.all({}).go({ pages: 'all' });
  return data;
}

export async function insertPackage(pkg: CreateEntityItem<typeof packageEntity>): Promise<void> {
  await db().entities.package.create(pkg).go();
  forgetPackage(pkg.package_id);
}

/** What a reset link stores (functions/auth/sign-in.ts `newResetToken`). */
interface ResetRecord {
  area: 'client' | 'admin';
  email: string;
  token_hash: string;
  expires_at: number;
  ttl: number;
}

/**
 * Writes a new account with its first Account Admin in one transaction: both items, the admin's
 * e-mail and PIN guards, the domain's guard, the account's and the platform's counters, the
 * admin's reset link when they have no password yet, and the activity entry.
 */
export async function insertAccount(
  account: AccountItem,
  admin: UserItem,
  reset: ResetRecord | undefined,
  activity: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [
        e.guard
          .create({
            scope: emailScope('client'),
            value: admin.email,
            owner_id: admin.user_id,
            account_id: account.account_id,
          })
          .commit(),
        () =>
          new Conflict('This e-mail address is already in use', {
            admin_email: 'This e-mail address is already in use',
          }),
      ],
      ...(account.domain
        ? [
            [
              e.guard
                .create({ scope: domainScope, value: account.domain, owner_id: account.account_id })
                .commit(),
              domainTaken,
            ] satisfies Step,
          ]
        : []),
      [
        e.guard
          .create({ scope: pinScope(account.account_id), value: admin.pin_number, owner_id: admin.user_id })
          .commit(),
        changedMeanwhile,
      ],
      [e.account.create(account).commit(), changedMeanwhile],
      [e.user.create(admin).commit(), changedMeanwhile],
      [statsChange(e, { total_accounts: 1, active_accounts: 1, total_users: 1 }), changedMeanwhile],
      ...(reset ? [[e.resetToken.put(reset).commit(), changedMeanwhile] satisfies Step] : []),
    ],
    activity,
  );
}

/** The fields of an account its form changes. */
export type AccountFields = Pick<
  AccountItem,
  | 'name'
  | 'address'
  | 'city'
  | 'state'
  | 'country'
  | 'zipcode'
  | 'domain'
  | 'logo_uri'
  | 'package_id'
  | 'package_start_date'
  | 'package_end_date'
  | 'status'
>;
const optionalFields = [
  'address',
  'city',
  'state',
  'country',
  'zipcode',
  'domain',
  'package_start_date',
  'package_end_date',
] as const;

/**
 * Saves an account's fields in one transaction: fields left blank are removed; a new domain moves
 * its guard; a status change moves the platform's active accounts (a deactivation ends the
 * sessions of every user of the account); a new package with a limit on Account Admins holds
 * only while the account's active Account Admins are within it. Answers the account as written.
 */
export async function saveAccount(
  current: AccountItem,
  changes: AccountFields,
  adminLimit: number | undefined,
  activity: ActivityInput,
): Promise<AccountItem> {
  const updated_at = new Date().toISOString();
  const statusChange = changes.status !== current.status ? (changes.status === 'Active' ? 1 : -1) : 0;
  const ended = statusChange < 0 ? { sessions_ended_at: Date.now() } : {};
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const remove = optionalFields.filter(
    (field) => changes[field] === undefined && current[field] !== undefined,
  );
  const { account_id } = current;
  const domainMoved = changes.domain !== current.domain;
  await runSteps(
    (e) => [
      [
        e.account
          .patch({ account_id })
          .set({ ...set, ...ended, updated_at })
          .remove(remove)
          .where((a, op) =>
            [
              op.eq(a.package_id, current.package_id),
              op.eq(a.status, current.status),
              current.domain ? op.eq(a.domain, current.domain) : op.notExists(a.domain),
              ...(adminLimit !== undefined ? [op.lte(a.active_admins, adminLimit)] : []),
            ].join(' AND '),
          )
          .commit(),
        changedMeanwhile,
      ],
      ...(domainMoved && changes.domain
        ? [
            [
              e.guard.create({ scope: domainScope, value: changes.domain, owner_id: account_id }).commit(),
              domainTaken,
            ] satisfies Step,
          ]
        : []),
      ...(domainMoved && current.domain
        ? [
            [
              e.guard.delete({ scope: domainScope, value: current.domain }).commit(),
              changedMeanwhile,
            ] satisfies Step,
          ]
        : []),
      ...(statusChange
        ? [[statsChange(e, { active_accounts: statusChange }), changedMeanwhile] satisfies Step]
        : []),
    ],
    activity,
  );
  const saved: AccountItem = { ...current, ...set, ...ended, updated_at };
  for (const field of remove) delete saved[field];
  return saved;
}

/**
 * Activates or deactivates an account, moving the platform's active accounts with it; a
 * deactivation ends every session of the account's users. Answers the account as written.
 */
export async function saveAccountStatus(
  current: AccountItem,
  status: AccountItem['status'],
  activity: ActivityInput,
): Promise<AccountItem> {
  const updated_at = new Date().toISOString();
  const ended = status === 'Inactive' ? { sessions_ended_at: Date.now() } : {};
  await runSteps(
    (e) => [
      [
        e.account
          .patch({ account_id: current.account_id })
          .set({ status, ...ended, updated_at })
          .where(({ status: now }, { eq }) => eq(now, current.status))
          .commit(),
        changedMeanwhile,
      ],
      [statsChange(e, { active_accounts: status === 'Active' ? 1 : -1 }), changedMeanwhile],
    ],
    activity,
  );
  return { ...current, status, ...ended, updated_at };
}
