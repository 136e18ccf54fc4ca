import { ulid } from 'ulid';
import { resetEnvCache } from '@core/env';
import { calendarClient } from '@functions/calendars/providers/clients';
import { googleCalendarClient } from '@functions/calendars/providers/google';
import { googleEventId, googleExtraId } from '@functions/calendars/providers/google-events';
import {
  CalendarGone,
  GrantRefused,
  ProviderUnavailable,
  SyncExpired,
  type CalendarClient,
  type ChangePage,
  type ExternalChange,
  type PushedEvent,
} from '@functions/calendars/providers/provider';
import { LOCAL_CALENDAR_CLIENTS } from '@infra/local/emulators/calendar-clients';
import { call, type CalendarWorld } from '../emulators/calendar-standins';
import { codeFor, linkThrough, returnPage, startLinkedWorld } from './linked-world';

/**
 * The Google Calendar client (functions/calendars/providers/google.ts) against the local
 * stand-ins: the local OpenID provider stands in for Google's authorization server and
 * infra/local/emulators/google-calendar.ts for Calendar API v3. Everything here is a stand-in: no
 * request leaves the machine. What a person does in Google Calendar is done through the
 * stand-in's control API (`/_local/…`), which is also where the tests look.
 */
let world: CalendarWorld;
let client: CalendarClient;
let token: string;
const email = 'rooms@venue.test';
const window = { from: new Date('2030-03-01T00:00:00Z'), to: new Date('2030-04-01T00:00:00Z') };
type Item = Record<string, unknown>;

beforeAll(async () => {
  world = await startLinkedWorld();
  client = (await calendarClient('google'))!;
  token = (await linkThrough(client, email)).accessToken;
});
afterAll(() => world.close());
afterEach(() => call(`${world.google}/_local/faults`, { method: 'DELETE' }));

/** A calendar of its own per test, so that tests do not see each other's events. */
async function freshCalendar(name: string, timeZone = 'UTC'): Promise<string> {
  const created = await call(`${world.google}/_local/calendars`, {
    method: 'POST',
    body: { owner: email, name, timeZone },
  });
  return created.body.id as string;
}

const control = (calendarId: string, path = '') =>
  `${world.google}/_local/calendars/${encodeURIComponent(calendarId)}/events${path}`;
/** The calendar's items as Google keeps them: series, single events and exceptions. */
const stored = async (calendarId: string) => (await call(control(calendarId))).body.items as Item[];

const booking = (overrides: Partial<PushedEvent> = {}): PushedEvent => ({
  bookingId: ulid(),
  title: 'Board meeting',
  description: 'Quarterly figures',
  location: 'Boardroom',
  timezone: 'Europe/Paris',
  start: '2030-03-04T10:00:00',
  end: '2030-03-04T11:00:00',
  attendees: [{ name: 'Ada', email: 'ada@venue.test' }],
  exdates: [],
  exceptions: [],
  ...overrides,
});

/** Every page of one round of changes. */
async function round(
  reader: CalendarClient,
  calendarId: string,
  cursor?: string,
  within = window,
): Promise<{ pages: ChangePage[]; changes: ExternalChange[]; cursor: string }> {
  const pages: ChangePage[] = [];
  let next = cursor;
  do {
    const page = await reader.changes(token, calendarId, next, within);
    pages.push(page);
    next = page.cursor;
  } while (pages.at(-1)!.more && pages.length < 20);
  return { pages, changes: pages.flatMap((page) => page.changes), cursor: next! };
}

const instances = (changes: ExternalChange[]) =>
  changes.flatMap((change) => (change.type === 'instance' ? [change.instance] : []));

describe('the Google Calendar client', () => {
  it('links an account with the authorization-code grant and refreshes its access token', async () => {
    const authorization = await client.authorization();
    expect(authorization).toEqual({
      endpoint: `${world.issuer}/auth`,
      clientId: LOCAL_CALENDAR_CLIENTS.google.clientId,
      scope: 'openid email https://www.googleapis.com/auth/calendar',
      extra: { access_type: 'offline', prompt: 'consent' },
    });

    const grant = await linkThrough(client, 'Planner@Venue.test');
    expect(grant).toEqual({
      refreshToken: expect.any(String),
      accessToken: expect.any(String),
      expiresAt: expect.any(Number),
      email: 'planner@venue.test',
      subject: expect.any(String),
    });
    expect(grant.expiresAt).toBeGreaterThan(Date.now());
    const refreshed = await client.refresh(grant.refreshToken);
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect((await client.listCalendars(refreshed.accessToken)).map((c) => c.id)).toContain(
      'planner@venue.test',
    );

    // A code is good once.
    const code = await codeFor(client, 'planner@venue.test');
    await client.exchangeCode(code, returnPage('google'));
    await expect(client.exchangeCode(code, returnPage('google'))).rejects.toBeInstanceOf(GrantRefused);
  });

  it('is refused (GrantRefused) once the person withdraws the grant: refresh and API calls', async () => {
    const grant = await linkThrough(client, 'leaver@venue.test');
    await call(`${world.issuer}/_local/revoke`, { method: 'POST', body: { email: 'leaver@venue.test' } });
    await expect(client.refresh(grant.refreshToken)).rejects.toBeInstanceOf(GrantRefused);
    await expect(client.listCalendars(grant.accessToken)).rejects.toBeInstanceOf(GrantRefused);
  });

  it('lists the calendars the account may write to, across pages, by their titles', async () => {
    const owner = 'lister@venue.test';
    const { accessToken } = await linkThrough(client, owner);
    await call(`${world.google}/_local/calendars`, { method: 'POST', body: { owner, name: 'Boardroom' } });
    const small = googleCalendarClient({ ...LOCAL_CALENDAR_CLIENTS.google, pageSize: 1 });
    const calendars = await small.listCalendars(accessToken);
    expect(calendars.map((c) => c.title)).toEqual([owner, 'Room calendars', 'Boardroom']);
    expect(calendars[0]!.id).toBe(owner);
  });

  it('pushes a single event once however often it is pushed, changes it, and deletes it', async () => {
    const calendar = await freshCalendar('Singles');
    const event = booking();
    const first = await client.upsertEvent(token, calendar, event);
    // A retry that never learnt the first attempt's answer finds the same event.
    const retry = await client.upsertEvent(token, calendar, event);
    expect(retry).toEqual(first);
    expect(first.eventId).toBe(Buffer.from(event.bookingId).toString('hex'));
    const items = await stored(calendar);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: first.eventId,
      summary: 'Board meeting',
      description: 'Quarterly figures',
      location: 'Boardroom',
      start: { dateTime: '2030-03-04T10:00:00', timeZone: 'Europe/Paris' },
      end: { dateTime: '2030-03-04T11:00:00', timeZone: 'Europe/Paris' },
      attendees: [expect.objectContaining({ email: 'ada@venue.test', displayName: 'Ada' })],
      extendedProperties: { private: { spacesBookingId: event.bookingId } },
    });

    await client.upsertEvent(
      token,
      calendar,
      { ...event, title: 'Board meeting (moved)', location: undefined },
      first,
    );
    const changed = await stored(calendar);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ summary: 'Board meeting (moved)' });
    expect(changed[0]).not.toHaveProperty('location');

    await client.deleteEvent(token, calendar, first);
    expect(await stored(calendar)).toEqual([]);
    // Deleting what is gone is not an error; pushing it again brings it back as the one event.
    await client.deleteEvent(token, calendar, first);
    expect(await client.upsertEvent(token, calendar, event, first)).toEqual(first);
    expect((await stored(calendar)).map((item) => item.status)).toEqual(['confirmed']);
  });

  it('pushes a weekly series as ONE recurring event with its deleted and changed occurrences', async () => {
    const calendar = await freshCalendar('Series');
    const series = booking({
      title: 'Weekly stand-up',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6',
      exdates: ['2030-03-18T10:00:00'],
      exceptions: [
        {
          originalStart: '2030-03-11T10:00:00',
          title: 'Stand-up, after lunch',
          start: '2030-03-11T14:00:00',
          end: '2030-03-11T15:00:00',
          attendees: [],
        },
      ],
    });
    const eventId = googleEventId(series.bookingId);
    const expected = [
      expect.objectContaining({
        id: eventId,
        summary: 'Weekly stand-up',
        recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6', 'EXDATE;TZID=Europe/Paris:20300318T100000'],
      }),
      expect.objectContaining({
        // 10:00 in Paris is 09:00 UTC in March.
        id: `${eventId}_20300311T090000Z`,
        recurringEventId: eventId,
        summary: 'Stand-up, after lunch',
        start: { dateTime: '2030-03-11T14:00:00', timeZone: 'Europe/Paris' },
      }),
    ];
    const ref = await client.upsertEvent(token, calendar, series);
    expect(ref).toEqual({ eventId });
    expect(await stored(calendar)).toEqual(expected);
    // Twice, from the start: still one series and its one exception.
    await client.upsertEvent(token, calendar, series);
    expect(await stored(calendar)).toEqual(expected);

    // Read back: the rule's occurrences but the deleted one (the changed one's slot is overlaid by
    // its exception, reported on its own with the same id), 10:00 in Paris across the change to
    // summer time; the last one is after the window.
    const read = await round(client, calendar, undefined, {
      ...window,
      to: new Date('2030-04-05T00:00:00Z'),
    });
    const seriesChange = read.changes.find((change) => change.type === 'series');
    expect(seriesChange).toMatchObject({ seriesId: eventId, bookingId: series.bookingId });
    expect(seriesChange?.type === 'series' && seriesChange.instances.map((i) => [i.id, i.startAt])).toEqual([
      [`${eventId}_20300304T090000Z`, '2030-03-04T09:00:00.000Z'],
      [`${eventId}_20300311T090000Z`, '2030-03-11T09:00:00.000Z'],
      [`${eventId}_20300325T090000Z`, '2030-03-25T09:00:00.000Z'],
      [`${eventId}_20300401T080000Z`, '2030-04-01T08:00:00.000Z'],
    ]);
    expect(instances(read.changes)).toEqual([
      expect.objectContaining({
        id: `${eventId}_20300311T090000Z`,
        seriesId: eventId,
        bookingId: series.bookingId,
      }),
    ]);

    // The occurrence's change is undone: it follows the series again.
    await client.upsertEvent(token, calendar, { ...series, exceptions: [] }, ref);
    expect(await stored(calendar)).toEqual([
      expected[0],
      expect.objectContaining({
        id: `${eventId}_20300311T090000Z`,
        summary: 'Weekly stand-up',
        start: { dateTime: '2030-03-11T10:00:00', timeZone: 'Europe/Paris' },
        end: { dateTime: '2030-03-11T11:00:00', timeZone: 'Europe/Paris' },
      }),
    ]);

    // The series changes: a new title, and that occurrence is deleted after all.
    await client.upsertEvent(
      token,
      calendar,
      {
        ...series,
        title: 'Weekly review',
        exdates: ['2030-03-11T10:00:00', '2030-03-18T10:00:00'],
        exceptions: [],
      },
      ref,
    );
    expect(await stored(calendar)).toEqual([
      expect.objectContaining({
        id: eventId,
        summary: 'Weekly review',
        recurrence: [
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6',
          'EXDATE;TZID=Europe/Paris:20300311T100000,20300318T100000',
        ],
      }),
    ]);

    await client.deleteEvent(token, calendar, ref);
    expect(await stored(calendar)).toEqual([]);
  });

  it('writes a changed occurrence whose original start the rule no longer makes as an event of its own beside the series', async () => {
    const calendar = await freshCalendar('Orphans');
    const within = { from: new Date('2031-03-01T00:00:00Z'), to: new Date('2031-03-10T00:00:00Z') };
    // The product's series after "all occurrences" was shortened to two: both occurrences were
    // changed on their own before, and the one first due on the 4th is kept though the rule no
    // longer makes it (shared/series-edit.ts). The push lists no deleted occurrence.
    const thisOne = {
      originalStart: '2031-03-02T18:00:00',
      title: 'Booking 1 (this)',
      start: '2031-03-02T17:00:00',
      end: '2031-03-02T18:00:00',
      attendees: [],
    };
    const orphan = {
      originalStart: '2031-03-04T18:00:00',
      title: 'Booking 1 (all)',
      start: '2031-03-04T18:00:00',
      end: '2031-03-04T19:00:00',
      attendees: [{ email: 'ada@venue.test' }],
    };
    const event = booking({
      title: 'Booking 1',
      timezone: 'Europe/London',
      start: '2031-03-02T18:00:00',
      end: '2031-03-02T19:00:00',
      rrule: 'FREQ=DAILY;COUNT=2',
      exceptions: [thisOne, orphan],
    });
    /**
     * What the calendar shows in the window, from a pull's full read: the series' occurrences, each
     * overlaid by its exception or cancellation, and the single events (London is on UTC in March).
     */
    const shown = async () => {
      const { changes } = await round(client, calendar, undefined, within);
      const visible = new Map<string, ExternalChange & { type: 'instance' }>();
      for (const change of changes) {
        if (change.type === 'series')
          for (const instance of change.instances) visible.set(instance.id, { type: 'instance', instance });
        else if (change.type === 'instance') visible.set(change.instance.id, change);
        else visible.delete(change.id);
      }
      return [...visible.values()]
        .map(({ instance }) => [
          instance.startAt,
          instance.title,
          instance.seriesId ? 'series' : 'single',
          instance.bookingId,
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    };
    const expected = [
      ['2031-03-02T17:00:00.000Z', 'Booking 1 (this)', 'series', event.bookingId],
      ['2031-03-03T18:00:00.000Z', 'Booking 1', 'series', event.bookingId],
      // The product's own: a pull passes it by.
      ['2031-03-04T18:00:00.000Z', 'Booking 1 (all)', 'single', event.bookingId],
    ];
    const eventId = googleEventId(event.bookingId);
    const extraId = googleExtraId(event.bookingId, '2031-03-04T18:00:00');

    // Before that edit: three occurrences, the first and the last changed on their own.
    const before = await client.upsertEvent(token, calendar, { ...event, rrule: 'FREQ=DAILY;COUNT=3' });
    expect(before).toEqual({ eventId });
    const ref = await client.upsertEvent(token, calendar, event, before);
    expect(ref).toEqual({ eventId, extraIds: [extraId] });
    expect(await shown()).toEqual(expected);
    const items = await stored(calendar);
    expect(items.map((item) => [item.id, item.recurringEventId, item.summary])).toEqual([
      [eventId, undefined, 'Booking 1'],
      [`${eventId}_20310302T180000Z`, eventId, 'Booking 1 (this)'],
      [extraId, undefined, 'Booking 1 (all)'],
    ]);
    expect(items[2]).toMatchObject({
      start: { dateTime: '2031-03-04T18:00:00', timeZone: 'Europe/London' },
      attendees: [expect.objectContaining({ email: 'ada@venue.test' })],
      extendedProperties: { private: { spacesBookingId: event.bookingId } },
    });
    expect(items[2]).not.toHaveProperty('recurrence');

    // Again, with the ref, and as a retry that never learnt it: the same events.
    expect(await client.upsertEvent(token, calendar, event, ref)).toEqual(ref);
    expect(await client.upsertEvent(token, calendar, event)).toEqual(ref);
    expect(await stored(calendar)).toEqual(items.map((item) => expect.objectContaining({ id: item.id })));
    expect(await shown()).toEqual(expected);

    // The product drops it: it leaves the calendar.
    const without = await client.upsertEvent(token, calendar, { ...event, exceptions: [thisOne] }, ref);
    expect(without).toEqual({ eventId });
    expect(await shown()).toEqual(expected.slice(0, 2));
    // Back (the deleted event comes back), and dropped by an attempt whose answer was lost: the
    // next push, which knows nothing of it, finds it by the booking's property and deletes it.
    expect(await client.upsertEvent(token, calendar, event, without)).toEqual(ref);
    expect(await shown()).toEqual(expected);
    expect(await client.upsertEvent(token, calendar, { ...event, exceptions: [thisOne] }, without)).toEqual(
      without,
    );
    expect(await shown()).toEqual(expected.slice(0, 2));

    // Back, then the booking is cancelled: everything goes.
    const back = await client.upsertEvent(token, calendar, event, without);
    await client.deleteEvent(token, calendar, back);
    expect(await stored(calendar)).toEqual([]);
    await client.deleteEvent(token, calendar, back);
  });

  it('reads a full sync, then what a person added, changed and deleted; own events carry their booking', async () => {
    const calendar = await freshCalendar('Room 1', 'Europe/Paris');
    const at = (day: number, hour: number) =>
      `2030-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00`;
    const timed = (summary: string, day: number, hour: number, extra: Item = {}) => ({
      summary,
      start: { dateTime: at(day, hour), timeZone: 'Europe/Paris' },
      end: { dateTime: at(day, hour + 1), timeZone: 'Europe/Paris' },
      ...extra,
    });
    const lunch = (await call(control(calendar), { method: 'POST', body: timed('Lunch', 5, 12) })).body;
    const holiday = (
      await call(control(calendar), {
        method: 'POST',
        body: { summary: 'Holiday', start: { date: '2030-03-06' }, end: { date: '2030-03-07' } },
      })
    ).body;
    await call(control(calendar), {
      method: 'POST',
      body: timed('Pilates', 7, 18, { id: 'pilates01', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'] }),
    });
    const own = booking({ start: at(8, 9), end: at(8, 10) });
    await client.upsertEvent(token, calendar, own);

    const full = await round(client, calendar);
    expect(full.pages.map((page) => [page.full, page.more])).toEqual([[true, false]]);
    expect(full.changes).toEqual(
      expect.arrayContaining([
        {
          type: 'instance',
          instance: {
            id: lunch.id,
            title: 'Lunch',
            startAt: '2030-03-05T11:00:00.000Z',
            endAt: '2030-03-05T12:00:00.000Z',
          },
        },
        // All day: midnight to midnight in the calendar's zone.
        {
          type: 'instance',
          instance: {
            id: holiday.id,
            title: 'Holiday',
            startAt: '2030-03-05T23:00:00.000Z',
            endAt: '2030-03-06T23:00:00.000Z',
          },
        },
        {
          type: 'series',
          seriesId: 'pilates01',
          instances: ['07', '14', '21'].map((day) => ({
            id: `pilates01_203003${day}T170000Z`,
            seriesId: 'pilates01',
            title: 'Pilates',
            startAt: `2030-03-${day}T17:00:00.000Z`,
            endAt: `2030-03-${day}T18:00:00.000Z`,
          })),
        },
        {
          type: 'instance',
          instance: expect.objectContaining({
            id: googleEventId(own.bookingId),
            bookingId: own.bookingId,
            startAt: '2030-03-08T08:00:00.000Z',
          }),
        },
      ]),
    );
    expect(full.changes).toHaveLength(4);

    // In Google Calendar: Lunch renamed, Holiday deleted, one Pilates class moved and one cancelled, a call added.
    await call(control(calendar, `/${lunch.id as string}`), {
      method: 'PATCH',
      body: { summary: 'Team lunch' },
    });
    await call(control(calendar, `/${holiday.id as string}`), { method: 'DELETE' });
    await call(control(calendar, '/pilates01_20300314T170000Z'), {
      method: 'PATCH',
      body: timed('Pilates, later', 14, 20),
    });
    await call(control(calendar, '/pilates01_20300321T170000Z'), { method: 'DELETE' });
    const callEvent = (await call(control(calendar), { method: 'POST', body: timed('Call', 12, 15) })).body;

    const next = await round(client, calendar, full.cursor);
    expect(next.pages.map((page) => [page.full, page.more])).toEqual([[false, false]]);
    expect(next.changes).toEqual([
      { type: 'instance', instance: expect.objectContaining({ id: lunch.id, title: 'Team lunch' }) },
      { type: 'cancelled', id: holiday.id },
      {
        type: 'instance',
        instance: {
          id: 'pilates01_20300314T170000Z',
          seriesId: 'pilates01',
          title: 'Pilates, later',
          startAt: '2030-03-14T19:00:00.000Z',
          endAt: '2030-03-14T20:00:00.000Z',
        },
      },
      { type: 'cancelled', id: 'pilates01_20300321T170000Z', seriesId: 'pilates01' },
      { type: 'instance', instance: expect.objectContaining({ id: callEvent.id, title: 'Call' }) },
    ]);
    // Nothing since.
    expect((await round(client, calendar, next.cursor)).changes).toEqual([]);
  });

  it('reads a round over several pages, each cursor going on where the last page ended', async () => {
    const calendar = await freshCalendar('Paging');
    for (const day of [2, 3, 4, 5, 6])
      await call(control(calendar), {
        method: 'POST',
        body: {
          summary: `Meeting ${day}`,
          start: { dateTime: `2030-03-0${day}T09:00:00Z` },
          end: { dateTime: `2030-03-0${day}T10:00:00Z` },
        },
      });
    const paged = googleCalendarClient({ ...LOCAL_CALENDAR_CLIENTS.google, pageSize: 2 });
    const full = await round(paged, calendar);
    expect(full.pages.map((page) => [page.full, page.more, page.changes.length])).toEqual([
      [true, true, 2],
      [true, true, 2],
      [true, false, 1],
    ]);
    expect(instances(full.changes).map((i) => i.title)).toEqual([2, 3, 4, 5, 6].map((d) => `Meeting ${d}`));

    await call(control(calendar), {
      method: 'POST',
      body: {
        summary: 'Late',
        start: { dateTime: '2030-03-20T09:00:00Z' },
        end: { dateTime: '2030-03-20T10:00:00Z' },
      },
    });
    const next = await round(paged, calendar, full.cursor);
    expect(next.pages.map((page) => [page.full, page.more])).toEqual([[false, false]]);
    expect(instances(next.changes).map((i) => i.title)).toEqual(['Late']);
  });

  it('answers SyncExpired when the sync token has expired (410); a full sync starts again', async () => {
    const calendar = await freshCalendar('Expiry');
    const full = await round(client, calendar);
    await call(`${world.google}/_local/sync/expire`, { method: 'POST', body: { calendarId: calendar } });
    await expect(client.changes(token, calendar, full.cursor, window)).rejects.toBeInstanceOf(SyncExpired);
    await expect(client.changes(token, calendar, 'not-a-cursor', window)).rejects.toBeInstanceOf(SyncExpired);
    expect((await client.changes(token, calendar, undefined, window)).full).toBe(true);
  });

  it('is ProviderUnavailable while Google fails or throttles (with Retry-After), CalendarGone for a calendar that is not there', async () => {
    const calendar = await freshCalendar('Faults');
    await call(`${world.google}/_local/faults`, { method: 'POST', body: { status: 503 } });
    const failing = client.changes(token, calendar, undefined, window);
    await expect(failing).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(failing).rejects.toMatchObject({ retryAfter: undefined });

    await call(`${world.google}/_local/faults`, { method: 'POST', body: { status: 429, retryAfter: 7 } });
    const throttled = client.upsertEvent(token, calendar, booking());
    await expect(throttled).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(throttled).rejects.toMatchObject({ retryAfter: 7 });

    // A token refused once is tried again; refused twice, the grant counts as withdrawn.
    await call(`${world.google}/_local/faults`, { method: 'POST', body: { status: 401 } });
    expect(await client.listCalendars(token)).not.toEqual([]);
    await call(`${world.google}/_local/faults`, { method: 'POST', body: { status: 401, count: 2 } });
    await expect(client.listCalendars(token)).rejects.toBeInstanceOf(GrantRefused);

    const gone = 'no-such-calendar@group.calendar.google.com';
    await expect(client.changes(token, gone, undefined, window)).rejects.toBeInstanceOf(CalendarGone);
    await expect(client.upsertEvent(token, gone, booking())).rejects.toBeInstanceOf(CalendarGone);
  });

  it('is not offered without the app’s registration at Google', async () => {
    const secret = process.env.GOOGLE_CALENDAR_CLIENT_SECRET;
    delete process.env.GOOGLE_CALENDAR_CLIENT_SECRET;
    resetEnvCache();
    try {
      expect(await calendarClient('google')).toBeUndefined();
      expect(await calendarClient('microsoft')).toBeDefined();
    } finally {
      process.env.GOOGLE_CALENDAR_CLIENT_SECRET = secret;
      resetEnvCache();
    }
  });
});
