import type { Screen, Space, Venue } from '@shared/schemas/venues';
import { screenName } from './text';

/**
 * What a list's search reads of each item: what its card shows by name. The text is trimmed and
 * matches any of them containing it, ignoring case (as the Users table's search).
 */
export const searchValues = {
  venues: (v: Venue) => [v.name, v.address, v.city, v.country, v.timezone],
  spaces: (s: Space) => [s.title, s.venue_name, s.location],
  screens: (s: Screen) => [s.name, s.screen_id_no, s.venue.name, s.space.title],
};

export function searched<T>(items: readonly T[], text: string, values: (item: T) => (string | null)[]) {
  const needle = text.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => values(item).some((value) => value?.toLowerCase().includes(needle)));
}

/**
 * The sort options each list supplies to the header's menu (docs/product/client-area.md §2 "Venues area") and
 * what each key does. Before a choice a list keeps the API's order; ties go by name.
 */
export const sortOptions = {
  venues: ['Alphabetical', 'Status'],
  spaces: ['Alphabetical', 'Status', 'Availability'],
  screens: ['Alphabetical', 'Status', 'Online'],
} as const;

const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
/** `first` before anything else. */
const firstWhen =
  <T>(value: (item: T) => boolean) =>
  (a: T, b: T) =>
    Number(value(b)) - Number(value(a));

type Compare<T> = (a: T, b: T) => number;

function sorted<T>(
  items: readonly T[],
  key: string | null,
  name: (item: T) => string,
  keys: Record<string, Compare<T>>,
) {
  const compare = key ? keys[key] : undefined;
  if (!compare) return items;
  const alphabetical: Compare<T> = (a, b) => byText(name(a), name(b));
  return items.toSorted((a, b) => compare(a, b) || alphabetical(a, b));
}

const active = firstWhen<{ status: string }>((item) => item.status === 'Active');

export const sortVenues = (venues: readonly Venue[], key: string | null) =>
  sorted(venues, key, (v) => v.name, { alphabetical: () => 0, status: active });

export const sortSpaces = (spaces: readonly Space[], key: string | null) =>
  sorted(spaces, key, (s) => s.title, {
    alphabetical: () => 0,
    status: active,
    availability: firstWhen((s: Space) => s.availability === 'Available'),
  });

export const sortScreens = (screens: readonly Screen[], key: string | null) =>
  sorted(screens, key, screenName, {
    alphabetical: () => 0,
    status: active,
    online: firstWhen((s: Screen) => s.device_status === 'Online'),
  });
