import type { Assignment } from '../../shared/schemas/venues';
import type { UserItem } from '../data/entities';
import { fileUrl } from './uploads';

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
