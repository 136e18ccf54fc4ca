import type { ClientRole } from '@shared/roles';
import type { Assignment } from '@shared/schemas/venues';
import type { AssignmentPermission } from '@shared/venues';
import type { UserItem } from '../table/entities';
import { fileUrl } from '../files/uploads';

/** A person's name as lists and activity entries show it: first and last, whichever are set. */
export const fullName = (person: { first_name: string; last_name?: string | null }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

/** Names and titles sort ignoring case and accents. */
export const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** People by full name, then by id so that the order is stable. */
export const byPerson = (a: UserItem, b: UserItem) =>
  byText(fullName(a), fullName(b)) || a.user_id.localeCompare(b.user_id);

/** A user as assignment lists answer them (venue managers, event coordinators). */
export async function toPerson(user: UserItem): Promise<Assignment['user']> {
  return {
    id: user.user_id,
    first_name: user.first_name,
    last_name: user.last_name ?? null,
    email: user.email,
    photo_url: await fileUrl(user.photo_uri),
    status: user.status,
  };
}

/**
 * The people of an assignment list (a venue's managers, a space's coordinators) by name, each
 * with their permission: the account's `users` of `role` that an assignment names. Someone whose
 * role has since changed no longer holds the assignment and is left out.
 */
export function assignedPeople(
  assignments: ReadonlyArray<{ user_id: string; permission: AssignmentPermission }>,
  users: UserItem[],
  role: ClientRole,
): Promise<Assignment[]> {
  const permissions = new Map(assignments.map((a) => [a.user_id, a.permission]));
  return Promise.all(
    users
      .filter((user) => user.user_role === role && permissions.has(user.user_id))
      .sort(byPerson)
      .map(async (user) => ({ user: await toPerson(user), permission: permissions.get(user.user_id)! })),
  );
}
