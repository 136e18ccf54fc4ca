import type { ClientRole } from '@shared/roles';
import type { AvailableCalendar, CalendarAccount, CalendarLinkConfig } from '@shared/schemas/calendars';
import type { ConfigItem } from '@shared/schemas/config';
import type { Assignment, Screen, Space, Venue } from '@shared/schemas/venues';
import { aClientMe, signedInAs } from '@web/test/builders';
import { fakeApi, type FakeApi } from '@web/test/fakeApi';
import { ulidOf } from '../admin-accounts/testData';

/** Test data of the Venues area's and the dashboard's tests: each builder reads as what it makes. */

export { ulidOf };

const stamp = '2026-11-01T10:00:00.000Z';

export function aVenue(n: number, name: string, overrides: Partial<Venue> = {}): Venue {
  return {
    id: ulidOf(1000 + n),
    name,
    phone_no: null,
    address: `${n} High Street`,
    city: 'Leeds',
    state: null,
    zipcode: null,
    country: 'UK',
    timezone: 'Europe/London',
    venue_type: null,
    status: 'Active',
    spaces: [],
    permission: 'Approved',
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function aSpace(n: number, title: string, venue: Venue, overrides: Partial<Space> = {}): Space {
  return {
    id: ulidOf(2000 + n),
    venue_id: venue.id,
    venue_name: venue.name,
    title,
    location: 'Floor 1',
    capacity: 12,
    dimensions: null,
    handicap_accessible: 'No',
    amenities: '',
    space_type: '',
    notes: null,
    availiblity_start: null,
    availiblity_end: null,
    check_in_window: 'No',
    before_event: null,
    after_event: null,
    calendar_account_id: null,
    calendar_id: null,
    calendar_title: null,
    photo: null,
    photo_url: null,
    calendar_color: '#0B8043',
    status: 'Active',
    availability: 'Available',
    next_schedule: [],
    screens: 0,
    slideshow_id: null,
    slideshow_status: 0,
    cap_alert_urls: [],
    cap_alert_status: 'Inactive',
    permission: 'Approved',
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function aScreen(n: number, name: string, space: Space, overrides: Partial<Screen> = {}): Screen {
  return {
    id: ulidOf(3000 + n),
    screen_id_no: `CODE${n}`,
    name,
    hardware: null,
    venue: { id: space.venue_id, name: space.venue_name },
    space: { id: space.id, title: space.title },
    photo_uri: null,
    photo_url: null,
    status: 'Active',
    device_status: 'Offline',
    app_version: null,
    last_check_in: null,
    licence: { id: ulidOf(4000 + n), licence_no: n, expiration_date: '2099-12-31' },
    offline_notification_recipient: '',
    offline_notification_frequency: 'Never',
    permission: 'Approved',
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function anItem(n: number, title: string): ConfigItem {
  return { id: ulidOf(5000 + n), title, status: 'Active', created_at: stamp, updated_at: stamp };
}

export function anAssignment(n: number, first: string, permission: Assignment['permission']): Assignment {
  return {
    user: {
      id: ulidOf(6000 + n),
      first_name: first,
      last_name: 'Smith',
      email: `${first.toLowerCase()}@example.com`,
      photo_url: null,
      status: 'Active',
    },
    permission,
  };
}

/** GET /client/calendar/providers with Google and Microsoft configured, as the local stand-ins are. */
export const calendarLinkConfig: CalendarLinkConfig = {
  providers: [
    {
      provider: 'google',
      authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      client_id: 'google-calendar-client',
      scope: 'openid email https://www.googleapis.com/auth/calendar',
      extra: { access_type: 'offline', prompt: 'consent' },
    },
    {
      provider: 'microsoft',
      authorization_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
      client_id: 'microsoft-calendar-client',
      scope: 'openid email offline_access Calendars.ReadWrite',
      extra: {},
    },
  ],
};

/** A Google account linked to `venue` with its calendars (titles), connected unless told otherwise. */
export function aCalendarAccount(
  n: number,
  email: string,
  venue: Venue,
  calendars: string[] = ['Bookings'],
  overrides: Partial<CalendarAccount> = {},
): CalendarAccount {
  return {
    id: ulidOf(8000 + n),
    venue_id: venue.id,
    provider: 'google',
    email,
    cal_account_id: `subject-${n}`,
    calendars: calendars.map((title, i) => ({ id: `${email}/cal-${i + 1}`, title })),
    status: 'Connected',
    status_reason: null,
    created_at: stamp,
    ...overrides,
  };
}

/** The calendars of linked accounts as the space form's picker reads them. */
export function availableCalendarsOf(...accounts: CalendarAccount[]): AvailableCalendar[] {
  return accounts.flatMap((account) =>
    account.calendars.map((calendar) => ({
      calendar_account_id: account.id,
      provider: account.provider,
      email: account.email,
      calendar_id: calendar.id,
      calendar_title: calendar.title,
    })),
  );
}

/**
 * A fake API with `role` signed in and the Venues area's lookups answered (an empty list for
 * anything not given; no calendar account linked to any venue).
 */
export function venuesApi(
  role: ClientRole,
  data: { venues?: Venue[]; spaces?: Space[]; screens?: Screen[] } = {},
): FakeApi {
  const api = fakeApi();
  signedInAs(api, aClientMe(role));
  for (const space of data.spaces ?? [])
    api.ok('GET', `/client/space/${space.id}/calendarFeed`, {
      url: `http://127.0.0.1/api/v1/ical/feed-of-${space.id}.ics`,
    });
  // No calendar account linked yet.
  api.ok('GET', '/client/calendar/providers', calendarLinkConfig);
  const venueIds = [...(data.venues ?? []).map((v) => v.id), ...(data.spaces ?? []).map((s) => s.venue_id)];
  for (const venueId of new Set(venueIds))
    api
      .ok('GET', `/client/calendar/accounts/${venueId}`, [])
      .ok('GET', `/client/calendar/available/${venueId}`, []);
  return api
    .ok('GET', '/client/allvenues', data.venues ?? [])
    .ok('GET', '/client/allspaces', data.spaces ?? [])
    .ok('GET', '/client/allscreens', data.screens ?? [])
    .ok('GET', '/client/recentvenues', (data.venues ?? []).slice(0, 5))
    .ok('GET', '/client/recentspaces', (data.spaces ?? []).slice(0, 5))
    .ok('GET', '/client/recentscreens', (data.screens ?? []).slice(0, 5))
    .ok('GET', '/client/timezones', ['America/New_York', 'Europe/London', 'UTC'])
    .ok('GET', '/client/amenities', [anItem(1, 'Projector'), anItem(2, 'Whiteboard')])
    .ok('GET', '/client/space_types', [anItem(3, 'Boardroom'), anItem(4, 'Studio')])
    .ok('GET', '/client/venue_types', [anItem(5, 'Hotel')])
    .ok('GET', '/client/licences', { availableActiveLicence: 2, activeLicence: 5, licences: [] });
}
