import { ulid } from 'ulid';
import { calendarClient } from '@functions/calendars/providers/clients';
import { microsoftCalendarClient, NO_EVENT } from '@functions/calendars/providers/microsoft';
import { patternedRecurrence } from '@functions/calendars/providers/microsoft-events';
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
 * The Microsoft Graph client (functions/calendars/providers/microsoft.ts) against the local
 * stand-ins: the local OpenID provider stands in for Microsoft's identity platform and
 * infra/local/emulators/microsoft-graph.ts for Graph v1.0. Everything here is a stand-in: no
 * request leaves the machine. What a person does in Outlook is done through the stand-in's control
 * API (`/_local/…`), which is also where the tests look.
 */
let world: CalendarWorld;
let client: CalendarClient;
let token: string;
const email = 'rooms@venue.test';
const window = { from: new Date('2030-03-01T00:00:00Z'), to: new Date('2030-04-15T00:00:00Z') };
type Item = Record<string, unknown>;

beforeAll(async () => {
  world = await startLinkedWorld();
  client = (await calendarClient('microsoft'))!;
  token = (await linkThrough(client, email)).accessToken;
});
afterAll(() => world.close());
afterEach(() => call(`${world.graph}/_local/faults`, { method: 'DELETE' }));

async function freshCalendar(name: string): Promise<string> {
  const created = await call(`${world.graph}/_local/calendars`, {
    method: 'POST',
    body: { owner: email, name },
  });
  return created.body.id as string;
}

const control = (calendarId: string, path = '') =>
  `${world.graph}/_local/calendars/${calendarId}/events${path}`;
/** The calendar's events as Outlook keeps them (series masters, single events, exceptions), times in UTC. */
const stored = async (calendarId: string) =>
  (await call(control(calendarId, '?$expand=singleValueExtendedProperties'))).body.value as Item[];
/** A series' occurrences and exceptions in the window, as Graph lists them. */
async function instancesOf(eventId: string, within = window): Promise<Item[]> {
  const query = `startDateTime=${within.from.toISOString()}&endDateTime=${within.to.toISOString()}&$top=100`;
  return (await call(`${world.graph}/v1.0/me/events/${eventId}/instances?${query}`, { token })).body
    .value as Item[];
}
const utc = (day: string, time: string) => ({ dateTime: `2030-${day}T${time}.0000000`, timeZone: 'UTC' });

const booking = (overrides: Partial<PushedEvent> = {}): PushedEvent => ({
  bookingId: ulid(),
  title: 'Board meeting',
  description: 'Quarterly figures',
  location: 'Boardroom',
  timezone: 'Europe/London',
  start: '2030-03-04T09:00:00',
  end: '2030-03-04T10:00:00',
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

describe('the Microsoft Graph client', () => {
  it('links an account with the authorization-code grant and refreshes its access token', async () => {
    expect(await client.authorization()).toEqual({
      endpoint: `${world.issuer}/auth`,
      clientId: LOCAL_CALENDAR_CLIENTS.microsoft.clientId,
      scope: 'openid email offline_access User.Read Calendars.ReadWrite',
      extra: {},
    });
    const grant = await linkThrough(client, 'planner@venue.test');
    expect(grant).toEqual({
      refreshToken: expect.any(String),
      accessToken: expect.any(String),
      expiresAt: expect.any(Number),
      email: 'planner@venue.test',
      subject: expect.any(String),
    });
    const refreshed = await client.refresh(grant.refreshToken);
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect((await client.listCalendars(refreshed.accessToken)).map((c) => c.title)).toContain('Calendar');
    // A rotated refresh token is handed on; the next refresh uses it.
    await client.refresh(refreshed.refreshToken ?? grant.refreshToken);

    const code = await codeFor(client, 'planner@venue.test');
    await expect(client.exchangeCode(code, 'http://localhost:3000/elsewhere')).rejects.toBeInstanceOf(
      GrantRefused,
    );
    await expect(client.exchangeCode('not-a-code', returnPage('microsoft'))).rejects.toBeInstanceOf(
      GrantRefused,
    );
  });

  it('is refused (GrantRefused) once the person withdraws the grant: refresh and API calls', async () => {
    const grant = await linkThrough(client, 'leaver@venue.test');
    await call(`${world.issuer}/_local/revoke`, { method: 'POST', body: { email: 'leaver@venue.test' } });
    await expect(client.refresh(grant.refreshToken)).rejects.toBeInstanceOf(GrantRefused);
    await expect(client.listCalendars(grant.accessToken)).rejects.toBeInstanceOf(GrantRefused);
  });

  it('lists the calendars across pages, by their names', async () => {
    const owner = 'lister@venue.test';
    const { accessToken } = await linkThrough(client, owner);
    await call(`${world.graph}/_local/calendars`, { method: 'POST', body: { owner, name: 'Boardroom' } });
    const small = microsoftCalendarClient({ ...LOCAL_CALENDAR_CLIENTS.microsoft, pageSize: 1 });
    expect((await small.listCalendars(accessToken)).map((c) => c.title)).toEqual([
      'Calendar',
      'Room calendars',
      'Boardroom',
    ]);
  });

  it('pushes a single event once however often it is pushed, changes it, and deletes it', async () => {
    const calendar = await freshCalendar('Singles');
    const event = booking();
    const first = await client.upsertEvent(token, calendar, event);
    expect(await client.upsertEvent(token, calendar, event)).toEqual(first);
    const items = await stored(calendar);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: first.eventId,
      type: 'singleInstance',
      transactionId: event.bookingId,
      subject: 'Board meeting',
      // The invitees are named in the body, not sent as attendees (Graph would e-mail them).
      body: { contentType: 'text', content: 'Quarterly figures\n\nInvitees: Ada <ada@venue.test>' },
      location: { displayName: 'Boardroom' },
      // 09:00 in London is 09:00 UTC in early March.
      start: utc('03-04', '09:00:00'),
      end: utc('03-04', '10:00:00'),
      attendees: [],
      singleValueExtendedProperties: [
        {
          id: expect.stringMatching(/^String \{[0-9a-f-]{36}\} Name spacesBookingId$/),
          value: event.bookingId,
        },
      ],
    });

    // A retry that never learnt the first answer, after the booking changed: the same event, changed.
    await client.upsertEvent(token, calendar, { ...event, title: 'Board meeting (moved)' });
    expect((await stored(calendar)).map((item) => [item.id, item.subject])).toEqual([
      [first.eventId, 'Board meeting (moved)'],
    ]);
    await client.upsertEvent(
      token,
      calendar,
      { ...event, start: '2030-03-05T09:00:00', end: '2030-03-05T10:30:00' },
      first,
    );
    expect((await stored(calendar)).map((item) => [item.start, item.end])).toEqual([
      [utc('03-05', '09:00:00'), utc('03-05', '10:30:00')],
    ]);

    // Deleted in Outlook: the next push makes it again.
    await call(control(calendar, `/${first.eventId}`), { method: 'DELETE' });
    const again = await client.upsertEvent(token, calendar, event, first);
    expect(again.eventId).not.toBe(first.eventId);
    expect((await stored(calendar)).map((item) => item.id)).toEqual([again.eventId]);

    await client.deleteEvent(token, calendar, again);
    expect(await stored(calendar)).toEqual([]);
    await client.deleteEvent(token, calendar, again);
  });

  it('pushes a weekly series as ONE event with a pattern, its deleted and changed occurrences', async () => {
    const calendar = await freshCalendar('Series');
    const series = booking({
      title: 'Weekly stand-up',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6',
      exdates: ['2030-03-18T09:00:00'],
      exceptions: [
        {
          originalStart: '2030-03-11T09:00:00',
          title: 'Stand-up, after lunch',
          start: '2030-03-11T12:00:00',
          end: '2030-03-11T13:00:00',
          attendees: [],
        },
      ],
    });
    const ref = await client.upsertEvent(token, calendar, series);
    const master = expect.objectContaining({
      id: ref.eventId,
      type: 'seriesMaster',
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'], firstDayOfWeek: 'monday' },
        range: {
          type: 'numbered',
          numberOfOccurrences: 6,
          startDate: '2030-03-04',
          recurrenceTimeZone: 'Europe/London',
        },
      },
    });
    const pushed = [
      master,
      expect.objectContaining({
        type: 'exception',
        seriesMasterId: ref.eventId,
        subject: 'Stand-up, after lunch',
        start: utc('03-11', '12:00:00'),
      }),
    ];
    expect(await stored(calendar)).toEqual(pushed);
    // 09:00 in London across the change to summer time; the 18th deleted.
    const slots = (items: Item[]) => items.map((item) => [item.type, item.start, item.subject]);
    expect(slots(await instancesOf(ref.eventId))).toEqual([
      ['occurrence', utc('03-04', '09:00:00'), 'Weekly stand-up'],
      ['exception', utc('03-11', '12:00:00'), 'Stand-up, after lunch'],
      ['occurrence', utc('03-25', '09:00:00'), 'Weekly stand-up'],
      ['occurrence', utc('04-01', '08:00:00'), 'Weekly stand-up'],
      ['occurrence', utc('04-08', '08:00:00'), 'Weekly stand-up'],
    ]);
    // Twice, from the start: still one series with its one exception.
    expect(await client.upsertEvent(token, calendar, series)).toEqual(ref);
    expect(await stored(calendar)).toEqual(pushed);

    // The series is renamed and the occurrence's own change undone: every occurrence follows it.
    await client.upsertEvent(token, calendar, { ...series, title: 'Weekly review', exceptions: [] }, ref);
    expect(slots(await instancesOf(ref.eventId))).toEqual([
      ['occurrence', utc('03-04', '09:00:00'), 'Weekly review'],
      ['exception', utc('03-11', '09:00:00'), 'Weekly review'],
      ['occurrence', utc('03-25', '09:00:00'), 'Weekly review'],
      ['occurrence', utc('04-01', '08:00:00'), 'Weekly review'],
      ['occurrence', utc('04-08', '08:00:00'), 'Weekly review'],
    ]);
    // Then that occurrence is deleted too.
    await client.upsertEvent(
      token,
      calendar,
      {
        ...series,
        title: 'Weekly review',
        exceptions: [],
        exdates: ['2030-03-11T09:00:00', '2030-03-18T09:00:00'],
      },
      ref,
    );
    expect((await instancesOf(ref.eventId)).map((item) => item.start)).toEqual([
      utc('03-04', '09:00:00'),
      utc('03-25', '09:00:00'),
      utc('04-01', '08:00:00'),
      utc('04-08', '08:00:00'),
    ]);

    await client.deleteEvent(token, calendar, ref);
    expect(await stored(calendar)).toEqual([]);
  });

  it('sends no attendees, and names the invitees in the body of the series and of each occurrence', async () => {
    const calendar = await freshCalendar('Invitees');
    const event = booking({
      description: undefined,
      attendees: [{ name: 'Ada', email: 'ada@venue.test' }, { email: 'bob@venue.test' }],
      rrule: 'FREQ=DAILY;COUNT=3',
      exceptions: [
        {
          originalStart: '2030-03-05T09:00:00',
          title: 'Board meeting, with Cy',
          description: 'Cy joins',
          start: '2030-03-05T09:00:00',
          end: '2030-03-05T10:00:00',
          attendees: [{ name: 'Cy', email: 'cy@venue.test' }],
        },
        {
          // Not in the rule (it makes the 4th to the 6th): an event of its own.
          originalStart: '2030-03-08T09:00:00',
          title: 'Board meeting, later',
          start: '2030-03-08T09:00:00',
          end: '2030-03-08T10:00:00',
          attendees: [],
        },
      ],
    });
    const ref = await client.upsertEvent(token, calendar, event);
    expect(ref.extraIds).toHaveLength(1);
    const items = await stored(calendar);
    expect(items.map((item) => [item.type, item.attendees, (item.body as Item).content])).toEqual([
      ['seriesMaster', [], 'Invitees: Ada <ada@venue.test>, bob@venue.test'],
      ['exception', [], 'Cy joins\n\nInvitees: Cy <cy@venue.test>'],
      ['singleInstance', [], ''],
    ]);
    // Pushed again: nothing differs, so nothing is written again.
    expect(await client.upsertEvent(token, calendar, event, ref)).toEqual(ref);
    expect(await stored(calendar)).toEqual(items.map((item) => expect.objectContaining({ id: item.id })));
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
      start: '2031-03-02T18:00:00',
      end: '2031-03-02T19:00:00',
      rrule: 'FREQ=DAILY;COUNT=2',
      exceptions: [thisOne, orphan],
    });
    /** What the calendar shows in the window, as a pull reads it (London is on UTC in early March). */
    const shown = async () =>
      (await round(client, calendar, undefined, within)).changes
        .flatMap((change) => (change.type === 'instance' ? [change.instance] : []))
        .map((instance) => [
          instance.startAt,
          instance.title,
          instance.seriesId ? 'series' : 'single',
          instance.bookingId,
        ])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const expected = [
      ['2031-03-02T17:00:00.000Z', 'Booking 1 (this)', 'series', event.bookingId],
      ['2031-03-03T18:00:00.000Z', 'Booking 1', 'series', event.bookingId],
      // The product's own: a pull passes it by.
      ['2031-03-04T18:00:00.000Z', 'Booking 1 (all)', 'single', event.bookingId],
    ];

    // Before that edit: three occurrences, the first and the last changed on their own.
    const before = await client.upsertEvent(token, calendar, { ...event, rrule: 'FREQ=DAILY;COUNT=3' });
    expect(before).toEqual({ eventId: expect.any(String) });
    const ref = await client.upsertEvent(token, calendar, event, before);
    expect(ref).toEqual({ eventId: before.eventId, extraIds: [expect.any(String)] });
    expect(await shown()).toEqual(expected);
    const single = (await stored(calendar)).find((item) => item.id === ref.extraIds![0]);
    expect(single).toMatchObject({
      type: 'singleInstance',
      transactionId: `${event.bookingId}.20310304T180000`,
      singleValueExtendedProperties: [expect.objectContaining({ value: event.bookingId })],
      start: { dateTime: '2031-03-04T18:00:00.0000000', timeZone: 'UTC' },
    });
    const items = await stored(calendar);
    expect(items).toHaveLength(3);

    // Again, with the ref, and as a retry that never learnt it: the same events.
    expect(await client.upsertEvent(token, calendar, event, ref)).toEqual(ref);
    expect(await client.upsertEvent(token, calendar, event)).toEqual(ref);
    expect((await stored(calendar)).map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(await shown()).toEqual(expected);

    // Its title changes: the same event, changed.
    const renamed = { ...event, exceptions: [thisOne, { ...orphan, title: 'Booking 1 (renamed)' }] };
    expect(await client.upsertEvent(token, calendar, renamed, ref)).toEqual(ref);
    expect((await shown()).map((row) => row[1])).toEqual([
      'Booking 1 (this)',
      'Booking 1',
      'Booking 1 (renamed)',
    ]);

    // The product drops it: it leaves the calendar.
    const without = await client.upsertEvent(token, calendar, { ...event, exceptions: [thisOne] }, ref);
    expect(without).toEqual({ eventId: ref.eventId });
    expect(await shown()).toEqual(expected.slice(0, 2));
    expect(await stored(calendar)).toHaveLength(2);

    // Back, then the booking is cancelled: everything goes.
    const back = await client.upsertEvent(token, calendar, event, without);
    expect(await shown()).toEqual(expected);
    await client.deleteEvent(token, calendar, back);
    expect(await stored(calendar)).toEqual([]);
    await client.deleteEvent(token, calendar, back);
  });

  it('writes a series Graph cannot express (the fifth Monday) as its occurrences, each an event of its own', async () => {
    const calendar = await freshCalendar('Fifth Mondays');
    const within = { from: new Date('2031-03-01T00:00:00Z'), to: new Date('2032-01-31T00:00:00Z') };
    // The 5th Monday of the month: 31 March, 30 June, 29 September, 29 December 2031 (none between).
    const event = booking({
      title: 'Fifth Monday',
      start: '2031-03-31T09:00:00',
      end: '2031-03-31T10:00:00',
      rrule: 'FREQ=MONTHLY;BYDAY=5MO;COUNT=4',
      exdates: ['2031-09-29T09:00:00'],
      exceptions: [
        {
          originalStart: '2031-06-30T09:00:00',
          title: 'Fifth Monday, later',
          start: '2031-06-30T11:00:00',
          end: '2031-06-30T12:00:00',
          attendees: [],
        },
      ],
    });
    const shown = async () =>
      (await round(client, calendar, undefined, within)).changes
        .flatMap((change) => (change.type === 'instance' ? [change.instance] : []))
        .map((instance) => [instance.startAt, instance.title, instance.seriesId, instance.bookingId])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    // London is on summer time from 30 March 2031 to 26 October.
    const expected = [
      ['2031-03-31T08:00:00.000Z', 'Fifth Monday', undefined, event.bookingId],
      ['2031-06-30T10:00:00.000Z', 'Fifth Monday, later', undefined, event.bookingId],
      ['2031-12-29T09:00:00.000Z', 'Fifth Monday', undefined, event.bookingId],
    ];

    const ref = await client.upsertEvent(token, calendar, event);
    expect(ref.extraIds).toHaveLength(3);
    expect(ref.eventId).toBe(ref.extraIds![0]);
    const items = await stored(calendar);
    expect(items.map((item) => [item.id, item.type, item.transactionId])).toEqual(
      ['20310331T090000', '20310630T090000', '20311229T090000'].map((start, index) => [
        ref.extraIds![index],
        'singleInstance',
        `${event.bookingId}.${start}`,
      ]),
    );
    expect(await shown()).toEqual(expected);
    // Again, with the ref and without: the same events.
    expect(await client.upsertEvent(token, calendar, event, ref)).toEqual(ref);
    expect(await client.upsertEvent(token, calendar, event)).toEqual(ref);
    expect(await shown()).toEqual(expected);

    // The last one deleted too: its event goes.
    const fewer = await client.upsertEvent(
      token,
      calendar,
      { ...event, exdates: ['2031-09-29T09:00:00', '2031-12-29T09:00:00'] },
      ref,
    );
    expect(fewer).toEqual({ eventId: ref.eventId, extraIds: ref.extraIds!.slice(0, 2) });
    expect(await shown()).toEqual(expected.slice(0, 2));

    // Made the first Monday: one series, and the single events go.
    const first = {
      ...event,
      rrule: 'FREQ=MONTHLY;BYDAY=1MO;COUNT=2',
      start: '2031-04-07T09:00:00',
      end: '2031-04-07T10:00:00',
      exdates: [],
      exceptions: [],
    };
    const series = await client.upsertEvent(token, calendar, first, fewer);
    expect(series.extraIds).toBeUndefined();
    expect((await stored(calendar)).map((item) => [item.id, item.type])).toEqual([
      [series.eventId, 'seriesMaster'],
    ]);
    // And back to the fifth: the series goes, the occurrences come back.
    const again = await client.upsertEvent(token, calendar, event, series);
    expect(again.extraIds).toHaveLength(3);
    expect((await stored(calendar)).every((item) => item.type === 'singleInstance')).toBe(true);
    expect(await shown()).toEqual(expected);

    // Every occurrence deleted: no event, and a ref that says so.
    const none = await client.upsertEvent(
      token,
      calendar,
      {
        ...event,
        exceptions: [],
        exdates: ['2031-03-31T09:00:00', '2031-06-30T09:00:00', '2031-09-29T09:00:00', '2031-12-29T09:00:00'],
      },
      again,
    );
    expect(none).toEqual({ eventId: NO_EVENT });
    expect(await stored(calendar)).toEqual([]);
    await client.deleteEvent(token, calendar, none);

    const last = await client.upsertEvent(token, calendar, event, none);
    await client.deleteEvent(token, calendar, last);
    expect(await stored(calendar)).toEqual([]);
  });

  it('reads a full sync over several pages, then what a person added, changed and deleted', async () => {
    const calendar = await freshCalendar('Room 1');
    const person = (subject: string, day: string, extra: Item = {}) => ({
      subject,
      start: { dateTime: `2030-${day}T12:00:00`, timeZone: 'Europe/London' },
      end: { dateTime: `2030-${day}T13:00:00`, timeZone: 'Europe/London' },
      ...extra,
    });
    const lunch = (await call(control(calendar), { method: 'POST', body: person('Lunch', '03-05') })).body;
    const pilates = (
      await call(control(calendar), {
        method: 'POST',
        body: person('Pilates', '03-06', {
          recurrence: {
            pattern: { type: 'daily', interval: 1 },
            range: { type: 'numbered', startDate: '2030-03-06', numberOfOccurrences: 3 },
          },
        }),
      })
    ).body;
    const own = booking({ start: '2030-03-08T09:00:00', end: '2030-03-08T10:00:00' });
    const ownRef = await client.upsertEvent(token, calendar, own);
    const ownSeries = booking({
      rrule: 'FREQ=DAILY;COUNT=2',
      start: '2030-03-10T09:00:00',
      end: '2030-03-10T10:00:00',
    });
    const ownSeriesRef = await client.upsertEvent(token, calendar, ownSeries);

    const paged = microsoftCalendarClient({ ...LOCAL_CALENDAR_CLIENTS.microsoft, pageSize: 2 });
    const full = await round(paged, calendar);
    expect(full.pages.map((page) => [page.full, page.more, page.changes.length])).toEqual([
      [true, true, 2],
      [true, true, 2],
      [true, true, 2],
      [true, false, 1],
    ]);
    const occurrence = (day: string) => ({
      type: 'instance',
      instance: {
        id: `${pilates.id as string}_2030${day.replace('-', '')}T120000Z`,
        seriesId: pilates.id,
        title: 'Pilates',
        startAt: `2030-${day}T12:00:00.000Z`,
        endAt: `2030-${day}T13:00:00.000Z`,
      },
    });
    expect(full.changes).toEqual(
      expect.arrayContaining([
        {
          type: 'instance',
          instance: {
            id: lunch.id,
            title: 'Lunch',
            startAt: '2030-03-05T12:00:00.000Z',
            endAt: '2030-03-05T13:00:00.000Z',
          },
        },
        occurrence('03-06'),
        occurrence('03-07'),
        occurrence('03-08'),
        // The product's own events, recognised by their booking id: a single one, and a series'
        // occurrences (by their master's).
        {
          type: 'instance',
          instance: expect.objectContaining({ id: ownRef.eventId, bookingId: own.bookingId }),
        },
        ...['10', '11'].map((day) => ({
          type: 'instance',
          instance: expect.objectContaining({
            seriesId: ownSeriesRef.eventId,
            startAt: `2030-03-${day}T09:00:00.000Z`,
            bookingId: ownSeries.bookingId,
          }),
        })),
      ]),
    );

    // In Outlook: Lunch renamed, one class deleted, a call added; the product deletes its booking.
    await call(control(calendar, `/${lunch.id as string}`), {
      method: 'PATCH',
      body: { subject: 'Team lunch' },
    });
    const cancelledClass = occurrence('03-07').instance.id;
    await call(control(calendar, `/${cancelledClass}`), { method: 'DELETE' });
    const callEvent = (await call(control(calendar), { method: 'POST', body: person('Call', '03-12') })).body;
    await client.deleteEvent(token, calendar, ownRef);

    const next = await round(paged, calendar, full.cursor);
    expect(next.pages.every((page) => !page.full)).toBe(true);
    expect(next.changes).toEqual(
      expect.arrayContaining([
        { type: 'instance', instance: expect.objectContaining({ id: lunch.id, title: 'Team lunch' }) },
        { type: 'instance', instance: expect.objectContaining({ id: callEvent.id, title: 'Call' }) },
        { type: 'cancelled', id: cancelledClass },
        { type: 'cancelled', id: ownRef.eventId },
      ]),
    );
    expect(next.changes).toHaveLength(4);
    expect((await round(paged, calendar, next.cursor)).changes).toEqual([]);
  });

  it('answers SyncExpired when the delta token has expired (410); a full sync starts again', async () => {
    const calendar = await freshCalendar('Expiry');
    const full = await round(client, calendar);
    await call(`${world.graph}/_local/sync/expire`, { method: 'POST', body: { calendarId: calendar } });
    await expect(client.changes(token, calendar, full.cursor, window)).rejects.toBeInstanceOf(SyncExpired);
    await expect(client.changes(token, calendar, 'not-a-cursor', window)).rejects.toBeInstanceOf(SyncExpired);
    expect((await client.changes(token, calendar, undefined, window)).full).toBe(true);
  });

  it('is ProviderUnavailable while Graph fails or throttles (with Retry-After), CalendarGone for a calendar that is not there', async () => {
    const calendar = await freshCalendar('Faults');
    await call(`${world.graph}/_local/faults`, { method: 'POST', body: { status: 429, retryAfter: 3 } });
    const throttled = client.changes(token, calendar, undefined, window);
    await expect(throttled).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(throttled).rejects.toMatchObject({ retryAfter: 3 });
    await call(`${world.graph}/_local/faults`, { method: 'POST', body: { status: 503 } });
    await expect(client.upsertEvent(token, calendar, booking())).rejects.toBeInstanceOf(ProviderUnavailable);

    await expect(client.changes(token, 'AAMkNoSuchCalendar', undefined, window)).rejects.toBeInstanceOf(
      CalendarGone,
    );
    await expect(client.upsertEvent(token, 'AAMkNoSuchCalendar', booking())).rejects.toBeInstanceOf(
      CalendarGone,
    );
  });
});

describe('patternedRecurrence', () => {
  const london = (rrule: string, start = '2030-03-04T09:00:00') =>
    patternedRecurrence(rrule, start, 'Europe/London');
  const range = (end: Item) => ({ ...end, startDate: '2030-03-04', recurrenceTimeZone: 'Europe/London' });

  it.each([
    [
      'FREQ=DAILY;INTERVAL=2;COUNT=5',
      { type: 'daily', interval: 2 },
      { type: 'numbered', numberOfOccurrences: 5 },
    ],
    [
      // The product's UNTIL: the last second of the end date in the venue's zone, in UTC (summer time here).
      'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20300331T225959Z',
      { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'wednesday'], firstDayOfWeek: 'monday' },
      { type: 'endDate', endDate: '2030-03-31' },
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2',
      { type: 'weekly', interval: 2, daysOfWeek: ['monday'], firstDayOfWeek: 'monday' },
      { type: 'noEnd' },
    ],
    [
      'FREQ=MONTHLY;COUNT=3',
      { type: 'absoluteMonthly', interval: 1, dayOfMonth: 4 },
      { type: 'numbered', numberOfOccurrences: 3 },
    ],
    [
      'FREQ=MONTHLY;BYMONTHDAY=15',
      { type: 'absoluteMonthly', interval: 1, dayOfMonth: 15 },
      { type: 'noEnd' },
    ],
    [
      'FREQ=MONTHLY;BYDAY=1MO',
      { type: 'relativeMonthly', interval: 1, daysOfWeek: ['monday'], index: 'first' },
      { type: 'noEnd' },
    ],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      {
        type: 'relativeMonthly',
        interval: 1,
        daysOfWeek: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
        index: 'last',
      },
      { type: 'noEnd' },
    ],
    ['FREQ=YEARLY', { type: 'absoluteYearly', interval: 1, month: 3, dayOfMonth: 4 }, { type: 'noEnd' }],
  ])('%s', (rrule, pattern, end) => {
    expect(london(rrule)).toEqual({ pattern, range: range(end) });
  });

  it.each(['FREQ=MONTHLY;BYDAY=5MO', 'FREQ=MONTHLY;BYDAY=MO', 'FREQ=HOURLY', 'FREQ=DAILY;BYHOUR=9'])(
    'refuses %s, which Graph cannot express',
    (rrule) => {
      expect(() => london(rrule)).toThrow(/cannot repeat/);
    },
  );

  // Graph moves a day a month lacks to its last day; RFC 5545 (and the product) skip that month.
  it.each([
    ['FREQ=MONTHLY', '2030-01-31T09:00:00'],
    ['FREQ=MONTHLY;BYMONTHDAY=29', '2030-01-29T09:00:00'],
    ['FREQ=YEARLY', '2028-02-29T09:00:00'],
  ])('refuses %s from %s, which Graph would move to shorter months’ last days', (rrule, start) => {
    expect(() => london(rrule, start)).toThrow(/cannot repeat/);
  });
  it('keeps the 28th, and the 31st of a yearly rule', () => {
    expect(london('FREQ=MONTHLY', '2030-01-28T09:00:00').pattern).toMatchObject({ dayOfMonth: 28 });
    expect(london('FREQ=YEARLY', '2030-01-31T09:00:00').pattern).toMatchObject({ month: 1, dayOfMonth: 31 });
  });
});
