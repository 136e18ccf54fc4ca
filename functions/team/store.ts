import { Conflict, Invalid } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { changedMeanwhile, runSteps, type Step } from '@core/table/transactions';
import { db, type AccountItem, type UserItem } from '@core/table/entities';
import { statsChange } from '@core/table/platform-counters';
import { newestAcrossShards } from '@core/table/shards';
import { dropSocialLinkSteps, socialAttributes } from '@core/people/social-store';
import { emailScope, pinScope } from '@core/people/user-store';

/**
 * The users of customer accounts as the platform admin area changes them. The account keeps
 * `total_users` and `active_admins` (the package's `admin_limit` is a condition on it), the
 * platform `total_users`, all in the transaction of the change.
 */

/** A user by id alone: one Query of gsi1 `USER#<id>#` (pattern 3). */
export async function findUser(userId: string): Promise<UserItem | null> {
  const { data } = await db().entities.user.query.byId({ user_id: userId }).go();
  return data[0] ?? null;
}

/**
 * The newest users of every account: Query gsi4 `USERS#<shard>#` of every shard, newest first and
 * at most `limit` each, its keys read back from the table (pattern 23).
 */
export async function recentUserItems(limit: number): Promise<UserItem[]> {
  return newestAcrossShards(
    limit,
    async (recent_shard) =>
      (await db().entities.user.query.recent({ recent_shard }).go({ order: 'desc', limit, hydrate: true }))
        .data,
    (user) => `${user.created_at}#${user.user_id}`,
  );
}

/** Whether a user counts against the package's `admin_limit`. */
export const isActiveAdmin = (user: Pick<UserItem, 'user_role' | 'status'>) =>
  user.user_role === 'Account Admin' && user.status === 'Active';

/** The 422 of a package's limit on active Account Admins. */
export function adminLimitReached(limit: number): Invalid {
  return new Invalid({
    user_role: `This package allows at most ${limit} active Account Admin${limit === 1 ? '' : 's'}`,
  });
}

/** The 409 of a change that would leave an account without an active Account Admin. */
const lastAdmin = () =>
  new Conflict('The account must keep at least one active Account Admin', {
    user_role: 'The account must keep at least one active Account Admin',
  });

const emailTaken = (field = 'email') =>
  new Conflict('This e-mail address is already in use', { [field]: 'This e-mail address is already in use' });
const pinTaken = () =>
  new Conflict('This PIN is already in use', { pin_number: 'This PIN is already in use' });

/**
 * The account's counters of a change in one transaction: `add` the deltas, on condition that
 * the active Account Admins stay within `adminLimit` when they grow; the account's first
 * Account Admin's name and e-mail go along when they change.
 */
function accountChange(
  e: Parameters<Parameters<typeof runSteps>[0]>[0],
  accountId: string,
  delta: { total_users?: number; active_admins?: number },
  adminLimit: number | undefined,
  adminFields?: Partial<Pick<AccountItem, 'admin_email' | 'admin_first_name' | 'admin_last_name'>>,
  removeAdminLastName = false,
  keepOneAdmin = false,
): Step {
  const grows = (delta.active_admins ?? 0) > 0 && adminLimit !== undefined;
  const shrinks = keepOneAdmin && (delta.active_admins ?? 0) < 0;
  let operation = e.account.patch({ account_id: accountId }).add(delta);
  if (adminFields) operation = operation.set(adminFields);
  if (removeAdminLastName) operation = operation.remove(['admin_last_name']);
  if (grows) {
    operation = operation.where(({ active_admins }, { lte }) =>
      lte(active_admins, adminLimit - (delta.active_admins ?? 0)),
    );
  }
  // The last active Account Admin may be neither deactivated nor given another role by a user of the account.
  if (shrinks) {
    operation = operation.where(({ active_admins }, { gte }) =>
      gte(active_admins, 1 - (delta.active_admins ?? 0)),
    );
  }
  return [
    operation.commit(),
    grows ? () => adminLimitReached(adminLimit) : shrinks ? lastAdmin : changedMeanwhile,
  ];
}

/**
 * Writes a new user of an account: the user, their e-mail and PIN guards, the account's and the
 * platform's counters, and the activity entry; an active Account Admin only within `adminLimit`.
 */
export async function insertAccountUser(
  user: UserItem,
  adminLimit: number | undefined,
  activity: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [
        e.guard
          .create({
            scope: emailScope('client'),
            value: user.email,
            owner_id: user.user_id,
            account_id: user.account_id,
          })
          .commit(),
        emailTaken,
      ],
      [
        e.guard
          .create({ scope: pinScope(user.account_id), value: user.pin_number, owner_id: user.user_id })
          .commit(),
        pinTaken,
      ],
      [e.user.create(user).commit(), changedMeanwhile],
      accountChange(
        e,
        user.account_id,
        { total_users: 1, active_admins: isActiveAdmin(user) ? 1 : 0 },
        adminLimit,
      ),
      [statsChange(e, { total_users: 1 }), changedMeanwhile],
    ],
    activity,
  );
}

/** The fields of a user the admin area changes (PUT /admin/users/{id}). */
export type UserFields = Pick<
  UserItem,
  'first_name' | 'last_name' | 'email' | 'user_role' | 'phone_no' | 'cell_no' | 'status' | 'pin_number'
> &
  Partial<Pick<UserItem, 'photo_uri'>>;
const optionalUserFields = ['last_name', 'phone_no', 'cell_no'] as const;

/**
 * Saves a user in one transaction, on condition that what the change depends on is as read:
 * a new e-mail or PIN moves its guard; a change of role or status moves the account's active
 * Account Admins (within `adminLimit` when they grow); a deactivation ends the user's sessions;
 * the account's first Account Admin's name and e-mail follow theirs. Answers the user as written.
 */
export async function saveAccountUser(
  current: UserItem,
  changes: UserFields,
  options: { adminLimit?: number; isFirstAdmin: boolean; keepOneAdmin?: boolean; dropSocialLinks?: boolean },
  activity: ActivityInput,
): Promise<UserItem> {
  const updated_at = new Date().toISOString();
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<UserFields>;
  const remove = optionalUserFields.filter(
    (field) => changes[field] === undefined && current[field] !== undefined,
  );
  const ended =
    changes.status === 'Inactive' && current.status === 'Active'
      ? { sessions_ended_at: Date.now(), sessions_admitted: [] }
      : {};
  const adminDelta = Number(isActiveAdmin({ ...current, ...set })) - Number(isActiveAdmin(current));
  const { account_id, user_id } = current;
  const emailMoved = changes.email !== current.email;
  const pinMoved = changes.pin_number !== current.pin_number;
  const namesMoved =
    options.isFirstAdmin &&
    (emailMoved || changes.first_name !== current.first_name || changes.last_name !== current.last_name);
  await runSteps(
    (e) => [
      [
        e.user
          .patch({ account_id, user_id })
          .set({ ...set, ...ended, updated_at })
          .remove(options.dropSocialLinks ? [...remove, ...socialAttributes] : remove)
          .where((u, op) =>
            [
              op.eq(u.email, current.email),
              op.eq(u.pin_number, current.pin_number),
              op.eq(u.user_role, current.user_role),
              op.eq(u.status, current.status),
            ].join(' AND '),
          )
          .commit(),
        changedMeanwhile,
      ],
      ...(emailMoved
        ? ([
            [
              e.guard
                .create({ scope: emailScope('client'), value: changes.email, owner_id: user_id, account_id })
                .commit(),
              emailTaken,
            ],
            [
              e.guard.delete({ scope: emailScope('client'), value: current.email }).commit(),
              changedMeanwhile,
            ],
          ] satisfies Step[])
        : []),
      // An address changed for the person ends the links of whoever had it.
      ...(options.dropSocialLinks ? dropSocialLinkSteps(e, 'client', current) : []),
      ...(pinMoved
        ? ([
            [
              e.guard
                .create({ scope: pinScope(account_id), value: changes.pin_number, owner_id: user_id })
                .commit(),
              pinTaken,
            ],
            [
              e.guard.delete({ scope: pinScope(account_id), value: current.pin_number }).commit(),
              changedMeanwhile,
            ],
          ] satisfies Step[])
        : []),
      ...(adminDelta || namesMoved
        ? [
            accountChange(
              e,
              account_id,
              { active_admins: adminDelta },
              options.adminLimit,
              namesMoved
                ? {
                    admin_email: changes.email,
                    admin_first_name: changes.first_name,
                    ...(changes.last_name ? { admin_last_name: changes.last_name } : {}),
                  }
                : undefined,
              namesMoved && !changes.last_name,
              options.keepOneAdmin,
            ),
          ]
        : []),
    ],
    activity,
  );
  const saved: UserItem = { ...current, ...set, ...ended, updated_at };
  for (const field of options.dropSocialLinks ? [...remove, ...socialAttributes] : remove)
    delete saved[field];
  return saved;
}

/**
 * Admits an impersonation token by its `jti` on the user (functions/core/auth/authenticate.ts), on
 * condition that the user is still active and has not logged out since `current` was read and
 * that the account is active, with the activity entry of the impersonation.
 */
export async function admitImpersonation(
  current: UserItem,
  jti: string,
  activity: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [
        e.user
          .patch({ account_id: current.account_id, user_id: current.user_id })
          .append({ sessions_admitted: [jti] })
          .where(
            (u, op) =>
              `${op.eq(u.sessions_ended_at, current.sessions_ended_at)} AND ${op.eq(u.status, 'Active')}`,
          )
          .commit(),
        () => new Conflict('The user was changed meanwhile. Reload and try again'),
      ],
      [
        e.account
          .check({ account_id: current.account_id })
          .where(({ status }, { eq }) => eq(status, 'Active'))
          .commit(),
        () => new Conflict("The user's account is inactive"),
      ],
    ],
    activity,
  );
}
