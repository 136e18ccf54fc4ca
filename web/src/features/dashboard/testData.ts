import type { BookingOccurrence } from '@shared/schemas/bookings';
import { ulidOf } from '../venues/testData';

/** Test data of the upcoming events (the dashboard, the header). */

/** An occurrence of a single booking, in Hall A's Room A unless told otherwise. */
export function anOccurrence(
  n: number,
  title: string,
  when: { start: string; end: string },
  overrides: Partial<BookingOccurrence> = {},
): BookingOccurrence {
  return {
    id: ulidOf(7000 + n),
    occurrence_start: when.start,
    detached: false,
    title,
    description: null,
    check_in: null,
    source: 'spaces',
    venue: { id: ulidOf(1001), name: 'Hall A', timezone: 'Europe/London' },
    space: { id: ulidOf(2001), title: 'Room A', calendar_color: '#0B8043', photo_url: null },
    start_date: when.start,
    end_date: when.end,
    start_at: `${when.start.replace(' ', 'T')}.000Z`,
    end_at: `${when.end.replace(' ', 'T')}.000Z`,
    recurring: 'No',
    recur_interval: null,
    recur_type: null,
    recur_on: null,
    recur_end_type: null,
    recur_end: null,
    invites_list: [],
    organizer: { id: ulidOf(3001), name: 'Ada Lovelace' },
    editPermission: true,
    deletePermission: true,
    ...overrides,
  };
}
