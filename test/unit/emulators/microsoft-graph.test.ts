import {
  call,
  linkCalendars,
  startCalendarWorld,
  tokenRequest,
  type CalendarWorld,
} from './calendar-standins';

/**
 * The local stand-in for Microsoft Graph v1.0's calendars (infra/local/emulators/microsoft-graph.ts),
 * over HTTP, with tokens of the local OpenID provider that stands in for Microsoft's identity
 * platform. Everything here is a stand-in: no request leaves the machine.
 */
let world: CalendarWorld;
let token: string;
let api: string;
const email = 'organiser@venue.test';
type Item = Record<string, unknown>;
const WINDOW = '?startDateTime=2030-03-01T00:00:00Z&endDateTime=2030-04-01T00:00:00Z';

beforeAll(async () => {
  world = await startCalendarWorld();
  token = (await linkCalendars(world.issuer, 'microsoft', email)).access_token;
  api = `${world.graph}/v1.0`;
});
afterAll(() => world.close());
afterEach(() => call(`${world.graph}/_local/faults`, { method: 'DELETE' }));

const event = (subject: string, day: number, extra: Item = {}) => ({
  subject,
  body: { contentType: 'text', content: `${subject} notes` },
  start: { dateTime: `2030-03-${String(day).padStart(2, '0')}T09:00:00`, timeZone: 'Europe/London' },
  end: { dateTime: `2030-03-${String(day).padStart(2, '0')}T10:00:00`, timeZone: 'Europe/London' },
  attendees: [{ emailAddress: { address: 'guest@venue.test', name: 'Guest' }, type: 'required' }],
  ...extra,
});

async function freshCalendar(name: string): Promise<string> {
  const created = await call(`${world.graph}/_local/calendars`, {
    method: 'POST',
    body: { owner: email, name },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** A whole delta round: every page, following nextLinks, until the deltaLink. */
async function round(
  url: string,
  pageSize = 2,
): Promise<{ items: Item[]; deltaLink: string; pages: number }> {
  const items: Item[] = [];
  let next = url;
  for (let pages = 1; pages < 50; pages++) {
    const answer = await call(next, { token, headers: { prefer: `odata.maxpagesize=${pageSize}` } });
    expect(answer.status).toBe(200);
    items.push(...(answer.body.value as Item[]));
    if (answer.body['@odata.deltaLink'])
      return { items, deltaLink: answer.body['@odata.deltaLink'] as string, pages };
    next = answer.body['@odata.nextLink'] as string;
    expect(next).toContain('$skiptoken=');
  }
  throw new Error('No deltaLink');
}

describe('the Microsoft Graph stand-in', () => {
  it('refuses a request without a token, or with one it does not know, in Graph’s words', async () => {
    const empty = await call(`${api}/me/calendars`);
    expect(empty.status).toBe(401);
    expect(empty.body.error).toMatchObject({
      code: 'InvalidAuthenticationToken',
      message: 'Access token is empty.',
    });
    const bad = await call(`${api}/me/calendars`, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({
      code: 'InvalidAuthenticationToken',
      innerError: { 'request-id': expect.any(String) },
    });
    // A Google token is not for Graph.
    const google = await linkCalendars(world.issuer, 'google', email);
    expect((await call(`${api}/me/calendars`, { token: google.access_token })).status).toBe(401);
  });

  it('lists the person’s calendars with @odata.nextLink paging', async () => {
    await freshCalendar('Boardroom');
    const first = await call(`${api}/me/calendars?$top=2`, { token });
    expect((first.body.value as Item[]).map((c) => [c.name, c.isDefaultCalendar])).toEqual([
      ['Calendar', true],
      ['Room calendars', false],
    ]);
    const next = await call(first.body['@odata.nextLink'] as string, { token });
    expect((next.body.value as Item[]).map((c) => c.name)).toContain('Boardroom');
    expect(next.body['@odata.nextLink']).toBeUndefined();
  });

  it('creates an event once per transactionId, as Graph does for a retried POST', async () => {
    const calendar = await freshCalendar('Retries');
    const body = event('Booked in Spaces', 3, { transactionId: 'booking-01H-create' });
    const first = await call(`${api}/me/calendars/${calendar}/events`, { method: 'POST', token, body });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      subject: 'Booked in Spaces',
      type: 'singleInstance',
      transactionId: 'booking-01H-create',
      start: { dateTime: '2030-03-03T09:00:00.0000000', timeZone: 'UTC' },
      attendees: [expect.objectContaining({ emailAddress: { address: 'guest@venue.test', name: 'Guest' } })],
      '@odata.etag': expect.stringMatching(/^W\/"/),
      iCalUId: expect.any(String),
    });
    const retry = await call(`${api}/me/calendars/${calendar}/events`, { method: 'POST', token, body });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    const stored = await call(`${world.graph}/_local/calendars/${calendar}/events`);
    expect((stored.body.value as Item[]).length).toBe(1);
    // Read back by /me/events/{id}, in the zone the client prefers.
    const read = await call(`${api}/me/events/${first.body.id as string}`, {
      token,
      headers: { prefer: 'outlook.timezone="Europe/London"' },
    });
    expect(read.body.start).toEqual({ dateTime: '2030-03-03T09:00:00.0000000', timeZone: 'Europe/London' });
  });

  it('syncs a window by calendarView delta: pages, occurrences of a series, then only changes', async () => {
    const calendar = await freshCalendar('Delta');
    const control = `${world.graph}/_local/calendars/${calendar}/events`;
    const single = await call(control, { method: 'POST', body: event('Lunch', 2) });
    await call(control, { method: 'POST', body: event('Review', 20) });
    const series = await call(control, {
      method: 'POST',
      body: event('Weekly', 4, {
        recurrence: {
          pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'], firstDayOfWeek: 'sunday' },
          range: {
            type: 'numbered',
            startDate: '2030-03-04',
            numberOfOccurrences: 4,
            recurrenceTimeZone: 'Europe/London',
          },
        },
      }),
    });
    expect(series.body.type).toBe('seriesMaster');

    const full = await round(`${api}/me/calendars/${calendar}/calendarView/delta${WINDOW}`);
    expect(full.pages).toBe(3);
    const occurrences = full.items.filter((item) => item.type === 'occurrence');
    expect(occurrences.map((o) => o.start)).toEqual(
      ['04', '11', '18', '25'].map((day) => ({
        dateTime: `2030-03-${day}T09:00:00.0000000`,
        timeZone: 'UTC',
      })),
    );
    expect(occurrences.every((o) => o.seriesMasterId === series.body.id)).toBe(true);
    expect(
      full.items
        .filter((item) => item.type === 'singleInstance')
        .map((i) => i.subject)
        .sort(),
    ).toEqual(['Lunch', 'Review']);
    expect(full.items.some((item) => item.type === 'seriesMaster')).toBe(false);

    // Nothing changed: an empty round.
    const quiet = await round(full.deltaLink);
    expect(quiet.items).toEqual([]);

    // As a person would in Outlook: move one occurrence, delete another, delete the lunch.
    const [, second, third] = occurrences;
    const moved = await call(`${control}/${second!.id as string}`, {
      method: 'PATCH',
      body: {
        subject: 'Weekly, moved',
        start: { dateTime: '2030-03-12T09:00:00', timeZone: 'Europe/London' },
        end: { dateTime: '2030-03-12T10:00:00', timeZone: 'Europe/London' },
      },
    });
    expect(moved.body).toMatchObject({
      type: 'exception',
      seriesMasterId: series.body.id,
      originalStart: '2030-03-11T09:00:00.000Z',
    });
    expect((await call(`${control}/${third!.id as string}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`${control}/${single.body.id as string}`, { method: 'DELETE' })).status).toBe(204);

    const changes = await round(quiet.deltaLink, 10);
    expect(changes.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: second!.id, type: 'exception', subject: 'Weekly, moved' }),
        { '@odata.type': '#microsoft.graph.event', id: third!.id, '@removed': { reason: 'deleted' } },
        { '@odata.type': '#microsoft.graph.event', id: single.body.id, '@removed': { reason: 'deleted' } },
      ]),
    );
    expect(changes.items).toHaveLength(3);
  });

  it('lists a series’ occurrences and exceptions in a window by /instances, a page at a time', async () => {
    const calendar = await freshCalendar('Instances');
    const control = `${world.graph}/_local/calendars/${calendar}/events`;
    const series = await call(control, {
      method: 'POST',
      body: event('Daily', 2, {
        recurrence: {
          pattern: { type: 'daily', interval: 1 },
          range: {
            type: 'numbered',
            startDate: '2030-03-02',
            numberOfOccurrences: 5,
            recurrenceTimeZone: 'Europe/London',
          },
        },
      }),
    });
    const id = series.body.id as string;
    // As a person would in Outlook: rename the second occurrence, delete the third.
    await call(`${control}/${id}_20300303T090000Z`, { method: 'PATCH', body: { subject: 'Daily, renamed' } });
    await call(`${control}/${id}_20300304T090000Z`, { method: 'DELETE' });

    const items: Item[] = [];
    let next: string | undefined = `${api}/me/calendars/${calendar}/events/${id}/instances${WINDOW}&$top=2`;
    while (next) {
      const answer = await call(next, { token });
      expect(answer.status).toBe(200);
      items.push(...(answer.body.value as Item[]));
      next = answer.body['@odata.nextLink'] as string | undefined;
      // The window goes along with the next page.
      if (next) expect(next).toContain('startDateTime=');
    }
    expect(items.map((item) => [item.type, item.originalStart, item.subject])).toEqual([
      ['occurrence', '2030-03-02T09:00:00.000Z', 'Daily'],
      ['exception', '2030-03-03T09:00:00.000Z', 'Daily, renamed'],
      ['occurrence', '2030-03-05T09:00:00.000Z', 'Daily'],
      ['occurrence', '2030-03-06T09:00:00.000Z', 'Daily'],
    ]);
    expect(items.every((item) => item.seriesMasterId === id)).toBe(true);

    // The same by /me/events/{id}; a narrower window; none of a single event; a window is required.
    const narrow = await call(
      `${api}/me/events/${id}/instances?startDateTime=2030-03-05T00:00:00Z&endDateTime=2030-03-06T00:00:00Z`,
      { token },
    );
    expect((narrow.body.value as Item[]).map((item) => item.originalStart)).toEqual([
      '2030-03-05T09:00:00.000Z',
    ]);
    const single = await call(control, { method: 'POST', body: event('Once', 9) });
    const none = await call(`${api}/me/events/${single.body.id as string}/instances${WINDOW}`, { token });
    expect(none.body.value).toEqual([]);
    expect((await call(`${api}/me/events/${id}/instances`, { token })).status).toBe(400);
  });

  it('answers 410 syncStateNotFound for an expired or unknown delta token; a new round starts over', async () => {
    const calendar = await freshCalendar('Expiry');
    await call(`${world.graph}/_local/calendars/${calendar}/events`, {
      method: 'POST',
      body: event('Kept', 5),
    });
    const full = await round(`${api}/me/calendars/${calendar}/calendarView/delta${WINDOW}`);
    const expired = await call(`${world.graph}/_local/sync/expire`, {
      method: 'POST',
      body: { calendarId: calendar },
    });
    expect(expired.body).toEqual({ expired: 1 });
    for (const link of [
      full.deltaLink,
      `${api}/me/calendars/${calendar}/calendarView/delta?$deltatoken=never`,
    ]) {
      const answer = await call(link, { token });
      expect(answer.status).toBe(410);
      expect(answer.body.error).toMatchObject({ code: 'syncStateNotFound' });
    }
    const again = await round(`${api}/me/calendars/${calendar}/calendarView/delta${WINDOW}`);
    expect(again.items.map((item) => item.subject)).toEqual(['Kept']);
    const missingWindow = await call(`${api}/me/calendars/${calendar}/calendarView/delta`, { token });
    expect(missingWindow.status).toBe(400);
  });

  it('answers 404 ErrorItemNotFound for an unknown event or calendar', async () => {
    const event404 = await call(`${api}/me/events/AAMkUnknown`, { token });
    expect(event404.status).toBe(404);
    expect(event404.body.error).toMatchObject({ code: 'ErrorItemNotFound' });
    expect((await call(`${api}/me/calendars/AAMkNoSuchCalendar/events`, { token })).status).toBe(404);
  });

  it('fails the next requests as a fault says: 429 with Retry-After twice, then 503', async () => {
    await call(`${world.graph}/_local/faults`, {
      method: 'POST',
      body: { status: 429, count: 2, retryAfter: 3 },
    });
    await call(`${world.graph}/_local/faults`, { method: 'POST', body: { status: 503 } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(`${api}/me/calendars`, { token }));
    expect(answers.map((a) => a.status)).toEqual([429, 429, 503, 200]);
    expect(answers[0]!.headers.get('retry-after')).toBe('3');
    expect(answers[0]!.body.error).toMatchObject({ code: 'TooManyRequests' });
    expect(answers[2]!.body.error).toMatchObject({ code: 'ServiceNotAvailable' });
  });

  it('refreshes a token until the person revokes the grant, then invalid_grant', async () => {
    const linked = await linkCalendars(world.issuer, 'microsoft', 'leaver@venue.test');
    expect(linked.scope).toContain('Calendars.ReadWrite');
    const refreshed = await tokenRequest(world.issuer, 'microsoft', {
      grant_type: 'refresh_token',
      refresh_token: linked.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    await call(`${world.issuer}/_local/revoke`, { method: 'POST', body: { email: 'leaver@venue.test' } });
    const after = await tokenRequest(world.issuer, 'microsoft', {
      grant_type: 'refresh_token',
      refresh_token: linked.refresh_token!,
    });
    expect(((await after.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await call(`${api}/me/calendars`, { token: linked.access_token })).status).toBe(401);
  });
});
