import { Conflict } from '../http/errors';
import { db, type AdminItem } from './entities';
import { writeTransaction } from './transactions';
import { emailScope } from './users';

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

export async function updateAdmin(
  adminId: string,
  changes: Partial<Pick<AdminItem, 'first_name' | 'last_name' | 'phone_no' | 'cell_no' | 'photo_uri'>>,
): Promise<AdminItem> {
  const { data } = await db()
    .entities.admin.patch({ admin_id: adminId })
    .set(changes)
    .go({ response: 'all_new' });
  return data as AdminItem;
}
