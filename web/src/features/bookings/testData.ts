import type { ClientRole } from '@shared/roles';
import type { Booking, BookingOccurrence } from '@shared/schemas/bookings';
import type { Space, Venue } from '@shared/schemas/venues';
import { aClientMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { aSpace, aVenue, ulidOf } from '../venues/testData';

/** Test data of the Events section: each builder reads as what it makes. */

const bare = aVenue(1, 'Pier Hall');
export const roomA = aSpace(1, 'Room A', bare, { calendar_color: '#D50000' });
export const roomB = aSpace(2, 'Room B', bare, {
  calendar_color: '#F6BF26',
  availiblity_start: '08:00',
  availiblity_end: '18:00',
});
/** A venue in Europe/London with two spaces. */
export const pier = aVenue(1, 'Pier Hall', {
  timezone: 'Europe/London',
  spaces: [
    { id: roomA.id, title: 'Room A' },
    { id: roomB.id, title: 'Room B' },
  ],
});
const bareAnnex = aVenue(2, 'Annex');
export const studio = aSpace(3, 'Studio', bareAnnex);
/** A venue in America/New_York with one space. */
export const annex = aVenue(2, 'Annex', {
  timezone: 'America/New_York',
  spaces: [{ id: studio.id, title: 'Studio' }],
});

/** An occurrence of a single booking in Pier Hall's Room A unless told otherwise. */
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
    venue: { id: pier.id, name: pier.name, timezone: pier.timezone },
    space: { id: roomA.id, title: roomA.title, calendar_color: roomA.calendar_color, photo_url: null },
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

/** An occurrence of a weekly series: every Monday, ten times from its first. */
export function aWeeklyOccurrence(
  n: number,
  title: string,
  when: { start: string; end: string },
  overrides: Partial<BookingOccurrence> = {},
): BookingOccurrence {
  return anOccurrence(n, title, when, {
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'WEEKLY',
    recur_on: 'MO',
    recur_end_type: 'AFTER',
    recur_end: 10,
    ...overrides,
  });
}

/** The booking an occurrence belongs to, as GET /client/booking/{id} answers it. */
export function aBookingOf(occurrence: BookingOccurrence, withOccurrence = false): Booking {
  const {
    occurrence_start: _start,
    detached: _detached,
    start_at: _at,
    end_at: _end,
    ...fields
  } = occurrence;
  return {
    ...fields,
    exdates: [],
    occurrence: withOccurrence ? occurrence : null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };
}

/**
 * The API's answer about one occurrence of a series (GET /client/booking/{id}): the scopes the
 * caller may change or delete it with, all three unless told.
 */
export function withScopes(
  api: FakeApi,
  occurrence: BookingOccurrence,
  scopes: NonNullable<BookingOccurrence['scopes']> = ['THIS', 'FOLLOWING', 'ALL'],
): FakeApi {
  return api.ok('GET', `/client/booking/${occurrence.id}`, aBookingOf({ ...occurrence, scopes }, true));
}

/** The path of a window of bookings. */
export const windowPath = (venue: Venue, from: string, to: string, space: Space | null = null) =>
  `/client/bookings/${venue.id}/${space?.id ?? '-'}/${from}/${to}`;

/** December 2026 as the month view shows it: Monday 30 November to Sunday 3 January. */
export const december = { from: '2026-11-30', to: '2027-01-03' };

/** "Now" in the tests: Thursday 10 December 2026, 11:47 in London (03:47 in Los Angeles). */
export const NOW = new Date('2026-12-10T11:47:00.000Z');

/**
 * A fake API with `role` signed in, the venues and spaces they may book (Pier Hall and the Annex),
 * earlier invitees, and December's bookings of Pier Hall (none unless given).
 */
export function bookingApi(
  role: ClientRole = 'Account Admin',
  data: { venues?: Venue[]; occurrences?: BookingOccurrence[] } = {},
): FakeApi {
  const api = fakeApi();
  signedInAs(api, aClientMe(role));
  return api
    .ok('GET', '/client/calendarvenues', data.venues ?? [annex, pier])
    .ok('GET', '/client/myvenues', data.venues ?? [annex, pier])
    .ok('GET', `/client/myspaces/${pier.id}`, [roomA, roomB])
    .ok('GET', `/client/myspaces/${annex.id}`, [studio])
    .ok('GET', '/client/allUniqueInvites', [
      { name: 'Grace Hopper', email: 'grace@example.com' },
      { name: null, email: 'team@example.com' },
    ])
    .ok('GET', windowPath(pier, december.from, december.to), data.occurrences ?? []);
}

/** Fakes the clock's date (timers stay real) at {@link NOW}. */
export function atNow(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
}

/** Chooses Pier Hall as a returning person would have it. */
export function withPierChosen(): void {
  localStorage.setItem('booking.filters', JSON.stringify({ venue: pier.id, space: null }));
}
