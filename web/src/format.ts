const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A timestamp from the API (ISO 8601) as a date and time in the user's locale; '—' when unreadable. */
export function formatDateTime(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '—' : dateTime.format(value);
}

/** A timestamp from the API (ISO 8601) as a date in the user's locale; '—' when unreadable. */
export function formatDate(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '—' : date.format(value);
}

/** "First Last". */
export function personName(person: { first_name: string; last_name?: string | null }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/** "AL" for Ada Lovelace: what an avatar without a photo shows. */
export function initials(person: { first_name: string; last_name?: string | null }): string {
  return `${person.first_name.charAt(0)}${person.last_name?.charAt(0) ?? ''}`.toUpperCase();
}
