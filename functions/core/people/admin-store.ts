import { Conflict } from '../errors';
import type { ActivityInput } from '../table/activity-entry';
import { changedMeanwhile, runSteps, writeTransaction, type Step } from '../table/transactions';
import { db, type AdminItem } from '../table/entities';
import { statsChange, statsChangeKeeping } from '../table/platform-counters';
import { dropSocialLinkSteps, socialAttributes } from './social-store';
import { emailScope, type ProfileFields } from './user-store';

/**
 * Super admins: the admin item (pattern 8), its e-mail guard `EMAIL#admin#` / `GUARD#<email>#`,
 * and the platform's `active_admins`, changed in the transaction of every change that moves it.
 */

export async function getAdmin(adminId: string): Promise<AdminItem | null> {
  const { data } = await db().entities.admin.get({ admin_id: adminId }).go({ consistent: true });
  return data;
}

/** Every super admin, newest first: one Query of gsi1 `ADMINS#` (pattern 9). */
export async function listAdminItems(): Promise<AdminItem[]> {
  const { data } = await db().entities.admin.query.all({}).go({ order: 'desc', pages: 'all' });
  return data;
}

export const adminEmailTaken = () =>
  new Conflict('This e-mail address is already in use', {
    email: 'This e-mail address is already in use',
  });

const lastActiveAdmin = () =>
  new Conflict('The last active admin cannot be deactivated', {
    status: 'The last active admin cannot be deactivated',
  });

/**
 * Writes a new, active admin with its e-mail guard and one more active admin on the platform's
 * totals, in one transaction with the activity entry when a super admin made it.
 */
export async function insertAdmin(
  admin: AdminItem & { status: 'Active' },
  activity?: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [
        e.guard.create({ scope: emailScope('admin'), value: admin.email, owner_id: admin.admin_id }).commit(),
        adminEmailTaken,
      ],
      [e.admin.create(admin).commit(), changedMeanwhile],
      [statsChange(e, { active_admins: 1 }), changedMeanwhile],
    ],
    activity,
  );
}

/** What an admin's form changes; optional fields absent from `set` are in `remove`. */
export type AdminFields = Partial<
  Pick<
    AdminItem,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'designation'
    | 'phone_no'
    | 'cell_no'
    | 'photo_uri'
    | 'status'
    | 'modified_by'
    | 'modified_by_email'
    | 'sessions_ended_at'
    | 'sessions_admitted'
  >
>;
export type RemovableAdminField = 'last_name' | 'designation' | 'phone_no' | 'cell_no';

/**
 * Saves an admin's fields in one transaction: a new e-mail moves its guard; a deactivation takes
 * one from the platform's active admins on condition that one stays (the last active admin cannot
 * be deactivated), an activation adds one. Answers the admin as written.
 */
export async function saveAdmin(
  current: AdminItem,
  set: AdminFields,
  remove: RemovableAdminField[],
  activity: ActivityInput,
  dropSocialLinks = false,
): Promise<AdminItem> {
  const updated_at = new Date().toISOString();
  const { admin_id } = current;
  const email = set.email ?? current.email;
  const status = set.status ?? current.status;
  const emailMoved = email !== current.email;
  const statusDelta = status === current.status ? 0 : status === 'Active' ? 1 : -1;
  const removed = remove.filter((field) => current[field] !== undefined);
  await runSteps(
    (e) => [
      [
        e.admin
          .patch({ admin_id })
          .set({ ...set, updated_at })
          .remove(dropSocialLinks ? [...removed, ...socialAttributes] : removed)
          .where((a, op) => `${op.eq(a.email, current.email)} AND ${op.eq(a.status, current.status)}`)
          .commit(),
        changedMeanwhile,
      ],
      // An address changed for the admin ends the links of whoever had it.
      ...(dropSocialLinks ? dropSocialLinkSteps(e, 'admin', current) : []),
      ...(emailMoved
        ? ([
            [
              e.guard.create({ scope: emailScope('admin'), value: email, owner_id: admin_id }).commit(),
              adminEmailTaken,
            ],
            [e.guard.delete({ scope: emailScope('admin'), value: current.email }).commit(), changedMeanwhile],
          ] satisfies Step[])
        : []),
      ...(statusDelta > 0
        ? [[statsChange(e, { active_admins: 1 }), changedMeanwhile] satisfies Step]
        : statusDelta < 0
          ? [
              [
                statsChangeKeeping(e, { active_admins: -1 }, { field: 'active_admins', atLeast: 1 }),
                lastActiveAdmin,
              ] satisfies Step,
            ]
          : []),
    ],
    activity,
  );
  const saved: AdminItem = { ...current, ...set, updated_at };
  for (const field of dropSocialLinks ? [...removed, ...socialAttributes] : removed) delete saved[field];
  return saved;
}

/** Saves an admin's own profile fields, set and removed, with the activity entry of the change. */
export async function saveAdminProfile(
  admin: AdminItem,
  set: ProfileFields,
  remove: Array<keyof ProfileFields>,
  activity: ActivityInput,
): Promise<AdminItem> {
  const updated_at = new Date().toISOString();
  await writeTransaction(
    ({ admin: admins }) => [
      admins
        .patch({ admin_id: admin.admin_id })
        .set({ ...set, updated_at })
        .remove(remove)
        .commit(),
    ],
    () => new Conflict('Your profile was changed meanwhile. Reload and try again'),
    activity,
  );
  const saved: AdminItem = { ...admin, ...set, updated_at };
  for (const field of remove) delete saved[field];
  return saved;
}
