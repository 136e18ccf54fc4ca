import { Conflict } from '../http/errors';
import { db, type AdminItem } from './entities';
import { writeTransaction } from './transactions';
import type { ActivityInput } from './activity';
import { emailScope, type ProfileFields } from './users';

export async function getAdmin(adminId: string): Promise<AdminItem | null> {
  const { data } = await db().entities.admin.get({ admin_id: adminId }).go({ consistent: true });
  return data;
}

export interface NewAdmin {
  admin_id: string;
  email: string;
  first_name: string;
  last_name?: string;
  designation?: string;
  created_by?: string;
}

/** Writes an admin with its e-mail guard in one transaction. */
export async function insertAdmin(admin: NewAdmin): Promise<void> {
  await writeTransaction(
    ({ admin: admins, guard }) => [
      guard.create({ scope: emailScope('admin'), value: admin.email, owner_id: admin.admin_id }).commit(),
      admins.create(admin).commit(),
    ],
    () =>
      new Conflict('This e-mail address is already in use', {
        email: 'This e-mail address is already in use',
      }),
  );
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
