import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientRole } from '../../shared/roles';
import { documentClient } from '../aws/dynamodb';
import { env } from '../env';
import { Conflict, ServiceUnavailable } from '../http/errors';
import type { ActivityInput } from './activity';
import { db, type AccountItem, type UserItem } from './entities';
import { writeTransaction } from './transactions';

export const emailScope = (area: 'client' | 'admin') => `EMAIL#${area}`;
export const pinScope = (accountId: string) => `ACCOUNT#${accountId}#PIN`;

/**
 * A user and their account with one strongly consistent BatchGetItem: what authentication loads
 * on every request, so a deactivation or a role change takes effect on the next one.
 */
export async function getUserAndAccount(
  accountId: string,
  userId: string,
): Promise<{ user: UserItem | null; account: AccountItem | null }> {
  const { user, account } = db().entities;
  const table = env().TABLE_NAME;
  let keys = [
    user.get({ account_id: accountId, user_id: userId }).params().Key,
    account.get({ account_id: accountId }).params().Key,
  ];
  const items: Record<string, unknown>[] = [];
  // Keys the table could not serve now (throttling) come back unprocessed; ask again for those.
  for (let attempt = 0; keys.length && attempt < 3; attempt++) {
    const answer = await documentClient().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
    );
    items.push(...(answer.Responses?.[table] ?? []));
    keys = answer.UnprocessedKeys?.[table]?.Keys ?? [];
  }
  // Still unprocessed after three asks: the table is throttling.
  if (keys.length) throw new ServiceUnavailable();
  const find = <T>(parse: (item: Record<string, unknown>) => T | null) =>
    items.map(parse).find((item) => item !== null) ?? null;
  return {
    user: find((Item) => user.parse({ Item }).data),
    account: find((Item) => account.parse({ Item }).data),
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

export interface NewUser {
  account_id: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name?: string;
  designation?: string;
  phone_no?: string;
  cell_no?: string;
  user_role: ClientRole;
  pin_number: string;
  created_source: string;
}

/** Writes a user with its e-mail and PIN guards in one transaction. */
export async function insertUser(user: NewUser): Promise<void> {
  await writeTransaction(
    ({ user: users, guard }) => [
      guard
        .create({
          scope: emailScope('client'),
          value: user.email,
          owner_id: user.user_id,
          account_id: user.account_id,
        })
        .commit(),
      guard
        .create({ scope: pinScope(user.account_id), value: user.pin_number, owner_id: user.user_id })
        .commit(),
      users.create(user).commit(),
    ],
    (index) =>
      index === 0
        ? new Conflict('This e-mail address is already in use', {
            email: 'This e-mail address is already in use',
          })
        : new Conflict('This PIN is already in use', { pin_number: 'This PIN is already in use' }),
  );
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

export async function countUsers(accountId: string): Promise<number> {
  const { data } = await db()
    .entities.user.query.byAccount({ account_id: accountId })
    .go({ pages: 'all', attributes: ['user_id'] });
  return data.length;
}
