import { Conflict } from '../errors';
import type { ActivityInput } from '../table/activity-entry';
import { batchGet, pick } from '../table/batch-get';
import { db, type AccountItem, type AdminItem, type UserItem } from '../table/entities';
import { writeTransaction } from '../table/transactions';

export const emailScope = (area: 'client' | 'admin') => `EMAIL#${area}`;
export const pinScope = (accountId: string) => `ACCOUNT#${accountId}#PIN`;

/** The users of an account: one Query, sk begins `USER#` (pattern 5). */
export async function listUserItems(accountId: string): Promise<UserItem[]> {
  const { data } = await db().entities.user.query.byAccount({ account_id: accountId }).go({ pages: 'all' });
  return data;
}

/**
 * A user and their account with one strongly consistent BatchGetItem: what authentication loads
 * on every request, so a deactivation or a role change takes effect on the next one. With
 * `adminId` (an impersonation token), the acting super admin comes in the same call.
 */
export async function getUserAndAccount(
  accountId: string,
  userId: string,
  adminId?: string,
): Promise<{ user: UserItem | null; account: AccountItem | null; admin: AdminItem | null }> {
  const { user, account, admin } = db().entities;
  const items = await batchGet(
    [
      user.get({ account_id: accountId, user_id: userId }).params().Key,
      account.get({ account_id: accountId }).params().Key,
      ...(adminId ? [admin.get({ admin_id: adminId }).params().Key] : []),
    ],
    { consistent: true },
  );
  return {
    user: pick(items, (answer) => user.parse(answer)),
    account: pick(items, (answer) => account.parse(answer)),
    admin: adminId ? pick(items, (answer) => admin.parse(answer)) : null,
  };
}

/** Who owns an e-mail address in an area: read from its uniqueness guard, strongly consistent. */
export async function findEmailOwner(
  area: 'client' | 'admin',
  email: string,
): Promise<{ ownerId: string; accountId?: string } | null> {
  const { data } = await db()
    .entities.guard.get({ scope: emailScope(area), value: email })
    .go({ consistent: true });
  return data ? { ownerId: data.owner_id, accountId: data.account_id } : null;
}

/** Replaces a user's PIN, moving its guard, in one transaction. */
export async function replacePin(user: UserItem, pin: string, activity: ActivityInput): Promise<void> {
  await writeTransaction(
    ({ user: users, guard }) => [
      guard.create({ scope: pinScope(user.account_id), value: pin, owner_id: user.user_id }).commit(),
      guard.delete({ scope: pinScope(user.account_id), value: user.pin_number }).commit(),
      users
        .patch({ account_id: user.account_id, user_id: user.user_id })
        .set({ pin_number: pin })
        .where(({ pin_number }, { eq }) => eq(pin_number, user.pin_number))
        .commit(),
    ],
    () => new Conflict('This PIN is already in use', { pin_number: 'This PIN is already in use' }),
    activity,
  );
}

/** The fields a person edits in their own profile. */
export type ProfileFields = Partial<
  Pick<UserItem, 'first_name' | 'last_name' | 'phone_no' | 'cell_no' | 'photo_uri'>
>;

/** Saves a user's profile fields, set and removed, with the activity entry of the change. */
export async function saveUserProfile(
  user: UserItem,
  set: ProfileFields,
  remove: Array<keyof ProfileFields>,
  activity: ActivityInput,
): Promise<UserItem> {
  const updated_at = new Date().toISOString();
  await writeTransaction(
    ({ user: users }) => [
      users
        .patch({ account_id: user.account_id, user_id: user.user_id })
        .set({ ...set, updated_at })
        .remove(remove)
        .commit(),
    ],
    () => new Conflict('Your profile was changed meanwhile. Reload and try again'),
    activity,
  );
  const saved: UserItem = { ...user, ...set, updated_at };
  for (const field of remove) delete saved[field];
  return saved;
}
