import {
  call,
  linkCalendars,
  startCalendarWorld,
  tokenRequest,
  type CalendarWorld,
} from './calendar-standins';

/**
 * The local stand-in for Google Calendar API v3 (infra/local/emulators/google-calendar.ts), over
 * HTTP, with tokens of the local OpenID provider that stands in for Google's authorization server.
 * Everything here is a stand-in: no request leaves the machine.
 */
let world: CalendarWorld;
let token: string;
let api: string;
const email = 'planner@venue.test';
type Item = Record<string, unknown>;

beforeAll(async () => {
  world = await startCalendarWorld();
  token = (await linkCalendars(world.issuer, 'google', email)).access_token;
  api = `${world.google}/calendar/v3`;
});
afterAll(() => world.close());
afterEach(() => call(`${world.google}/_local/faults`, { method: 'DELETE' }));

const event = (summary: string, day: number, extra: Item = {}) => ({
  summary,
  start: { dateTime: `2030-03-${String(day).padStart(2, '0')}T10:00:00+01:00`, timeZone: 'Europe/Paris' },
  end: { dateTime: `2030-03-${String(day).padStart(2, '0')}T11:00:00+01:00`, timeZone: 'Europe/Paris' },
  ...extra,
});

/** A calendar of its own per test, so that tests do not see each other's events. */
async function freshCalendar(name: string): Promise<string> {
  const created = await call(`${world.google}/_local/calendars`, {
    method: 'POST',
    body: { owner: email, name },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const events = (calendarId: string, query = '') =>
  call(`${api}/calendars/${encodeURIComponent(calendarId)}/events${query}`, { token });
const control = (calendarId: string, path = '') =>
  `${world.google}/_local/calendars/${encodeURIComponent(calendarId)}/events${path}`;

describe('the Google Calendar stand-in', () => {
  it('refuses a request without a token, or with one it does not know, in Google’s words', async () => {
    for (const bad of [undefined, 'not-a-token']) {
      const answer = await call(`${api}/users/me/calendarList`, { token: bad });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: {
          code: 401,
          message: 'Invalid Credentials',
          errors: [
            expect.objectContaining({ domain: 'global', reason: 'authError', location: 'Authorization' }),
          ],
        },
      });
      expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
    }
  });

  it('lists the person’s calendars a page at a time: primary, Room calendars, and one added', async () => {
    await freshCalendar('Boardroom');
    const first = await call(`${api}/users/me/calendarList?maxResults=2`, { token });
    expect(first.status).toBe(200);
    const items = first.body.items as Item[];
    expect(items.map((c) => [c.id, c.summary, c.primary, c.accessRole])).toEqual([
      [email, email, true, 'owner'],
      [expect.stringMatching(/@group\.calendar\.google\.com$/), 'Room calendars', undefined, 'owner'],
    ]);
    const rest = await call(
      `${api}/users/me/calendarList?maxResults=2&pageToken=${first.body.nextPageToken}`,
      {
        token,
      },
    );
    expect((rest.body.items as Item[]).map((c) => c.summary)).toContain('Boardroom');
    expect(rest.body.nextPageToken).toBeUndefined();
  });

  it('pages events with nextPageToken and ends with a nextSyncToken', async () => {
    const calendar = await freshCalendar('Paging');
    for (const day of [1, 2, 3, 4, 5])
      await call(control(calendar), { method: 'POST', body: event(`E${day}`, day) });
    const seen: string[] = [];
    let answer = await events(calendar, '?maxResults=2');
    for (let page = 1; ; page++) {
      seen.push(...(answer.body.items as Item[]).map((e) => String(e.summary)));
      if (!answer.body.nextPageToken) break;
      expect(answer.body.nextSyncToken).toBeUndefined();
      answer = await events(calendar, `?maxResults=2&pageToken=${answer.body.nextPageToken}`);
      expect(page).toBeLessThan(3);
    }
    expect(seen).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
    expect(answer.body.nextSyncToken).toEqual(expect.any(String));
    // A window narrows a full listing.
    const window = await events(calendar, '?timeMin=2030-03-02T00:00:00Z&timeMax=2030-03-04T00:00:00Z');
    expect((window.body.items as Item[]).map((e) => e.summary)).toEqual(['E2', 'E3']);
  });

  it('takes an id the client chose, refuses it twice (409) and keeps private extended properties', async () => {
    const calendar = await freshCalendar('Ids');
    const body = event('Booked in Spaces', 6, {
      id: 'spaces0booking01',
      extendedProperties: { private: { spacesBookingId: '01HBOOKING' } },
    });
    const created = await call(`${api}/calendars/${encodeURIComponent(calendar)}/events`, {
      method: 'POST',
      token,
      body,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      kind: 'calendar#event',
      id: 'spaces0booking01',
      status: 'confirmed',
      iCalUID: 'spaces0booking01@google.com',
      extendedProperties: { private: { spacesBookingId: '01HBOOKING' } },
    });
    const again = await call(`${api}/calendars/${encodeURIComponent(calendar)}/events`, {
      method: 'POST',
      token,
      body,
    });
    expect(again.status).toBe(409);
    expect((again.body.error as { errors: Item[] }).errors[0]!.reason).toBe('duplicate');
    const tagged = await events(calendar, '?privateExtendedProperty=spacesBookingId%3D01HBOOKING');
    expect((tagged.body.items as Item[]).map((e) => e.id)).toEqual(['spaces0booking01']);
    const badId = await call(`${api}/calendars/${encodeURIComponent(calendar)}/events`, {
      method: 'POST',
      token,
      body: { ...body, id: 'Has-Capitals' },
    });
    expect(badId.status).toBe(400);
  });

  it('keeps a recurring event as one item and a changed or deleted occurrence as its own', async () => {
    const calendar = await freshCalendar('Series');
    const series = await call(control(calendar), {
      method: 'POST',
      body: event('Weekly stand-up', 4, { id: 'standup01', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'] }),
    });
    expect(series.status).toBe(201);
    // As a person would in Google Calendar: move the second occurrence, delete the third.
    const moved = await call(control(calendar, '/standup01_20300311T090000Z'), {
      method: 'PATCH',
      body: {
        summary: 'Stand-up, later',
        start: { dateTime: '2030-03-11T12:00:00+01:00', timeZone: 'Europe/Paris' },
        end: { dateTime: '2030-03-11T13:00:00+01:00', timeZone: 'Europe/Paris' },
      },
    });
    expect(moved.status).toBe(200);
    expect((await call(control(calendar, '/standup01_20300318T090000Z'), { method: 'DELETE' })).status).toBe(
      204,
    );
    expect(
      (await call(control(calendar, '/standup01_20300401T090000Z'), { method: 'PATCH', body: {} })).status,
    ).toBe(404);

    const listed = (await events(calendar)).body.items as Item[];
    expect(listed).toEqual([
      expect.objectContaining({ id: 'standup01', recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'] }),
      expect.objectContaining({
        id: 'standup01_20300311T090000Z',
        summary: 'Stand-up, later',
        recurringEventId: 'standup01',
        originalStartTime: { dateTime: '2030-03-11T10:00:00+01:00', timeZone: 'Europe/Paris' },
      }),
      // Cancelled occurrences are listed even without showDeleted, as Google does.
      expect.objectContaining({
        id: 'standup01_20300318T090000Z',
        status: 'cancelled',
        recurringEventId: 'standup01',
      }),
    ]);
    expect(listed[0]).not.toHaveProperty('recurringEventId');
  });

  it('gives only the changes after a sync token, deleted events as cancelled', async () => {
    const calendar = await freshCalendar('Sync');
    for (const day of [1, 2, 3])
      await call(control(calendar), {
        method: 'POST',
        body: event(`S${day}`, day, { id: `chg0000${day}` }),
      });
    const full = await events(calendar);
    expect((full.body.items as Item[]).length).toBe(3);
    const untouched = await events(calendar, `?syncToken=${full.body.nextSyncToken}`);
    expect(untouched.body.items).toEqual([]);

    await call(control(calendar, '/chg00002'), { method: 'PATCH', body: { summary: 'S2 renamed' } });
    await call(control(calendar, '/chg00003'), { method: 'DELETE' });
    const changes = await events(calendar, `?syncToken=${untouched.body.nextSyncToken}`);
    expect(changes.body.items).toEqual([
      expect.objectContaining({ id: 'chg00002', summary: 'S2 renamed', status: 'confirmed' }),
      {
        kind: 'calendar#event',
        etag: expect.any(String),
        id: 'chg00003',
        status: 'cancelled',
        updated: expect.any(String),
      },
    ]);
    // Deleted events stay out of a full listing unless showDeleted.
    expect(((await events(calendar)).body.items as Item[]).map((e) => e.id)).toEqual([
      'chg00001',
      'chg00002',
    ]);
    expect(((await events(calendar, '?showDeleted=true')).body.items as Item[]).length).toBe(3);
    const restricted = await events(
      calendar,
      `?syncToken=${changes.body.nextSyncToken}&timeMin=2030-01-01T00:00:00Z`,
    );
    expect(restricted.status).toBe(400);
  });

  it('answers 410 fullSyncRequired for an expired or unknown sync token, and a full sync starts again', async () => {
    const calendar = await freshCalendar('Expiry');
    await call(control(calendar), { method: 'POST', body: event('Kept', 7) });
    const full = await events(calendar);
    const expired = await call(`${world.google}/_local/sync/expire`, {
      method: 'POST',
      body: { calendarId: calendar },
    });
    expect(expired.body).toEqual({ expired: 1 });
    for (const syncToken of [full.body.nextSyncToken, 'never-issued']) {
      const answer = await events(calendar, `?syncToken=${syncToken}`);
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({
        error: {
          code: 410,
          message: 'Sync token is no longer valid, a full sync is required.',
          errors: [expect.objectContaining({ reason: 'fullSyncRequired' })],
        },
      });
    }
    const again = await events(calendar);
    expect((again.body.items as Item[]).map((e) => e.summary)).toEqual(['Kept']);
    expect((await events(calendar, `?syncToken=${again.body.nextSyncToken}`)).status).toBe(200);
  });

  it('answers 404 for an unknown event and for another person’s calendar', async () => {
    const missing = await call(`${api}/calendars/primary/events/nosuchevent`, { token });
    expect(missing.status).toBe(404);
    expect((missing.body.error as { errors: Item[] }).errors[0]!.reason).toBe('notFound');
    const others = await call(`${api}/calendars/${encodeURIComponent('someone@else.test')}/events`, {
      token,
    });
    expect(others.status).toBe(404);
  });

  it('fails the next requests as a fault says: 503 twice, then 429 with Retry-After', async () => {
    await call(`${world.google}/_local/faults`, { method: 'POST', body: { status: 503, count: 2 } });
    await call(`${world.google}/_local/faults`, { method: 'POST', body: { status: 429, retryAfter: 7 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await call(`${api}/users/me/calendarList`, { token });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.headers.get('retry-after')).toBe('7');
        expect((answer.body.error as { errors: Item[] }).errors[0]).toMatchObject({
          domain: 'usageLimits',
          reason: 'rateLimitExceeded',
        });
      }
    }
    expect(statuses).toEqual([503, 503, 429, 200]);
  });

  it('honours the refresh-token grant until the person revokes the grant, then invalid_grant and 401', async () => {
    const linked = await linkCalendars(world.issuer, 'google', 'revoker@venue.test');
    expect(linked.refresh_token).toEqual(expect.any(String));
    const refreshed = await tokenRequest(world.issuer, 'google', {
      grant_type: 'refresh_token',
      refresh_token: linked.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    const fresh = (await refreshed.json()) as { access_token: string };
    expect((await call(`${api}/users/me/calendarList`, { token: fresh.access_token })).status).toBe(200);

    const revoked = await call(`${world.issuer}/_local/revoke`, {
      method: 'POST',
      body: { email: 'revoker@venue.test', provider: 'google' },
    });
    expect(revoked.body).toEqual({ revoked: 1 });
    const after = await tokenRequest(world.issuer, 'google', {
      grant_type: 'refresh_token',
      refresh_token: linked.refresh_token!,
    });
    expect(after.status).toBe(400);
    expect(((await after.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await call(`${api}/users/me/calendarList`, { token: fresh.access_token })).status).toBe(401);
    // Another person's link is untouched.
    expect((await call(`${api}/users/me/calendarList`, { token })).status).toBe(200);
  });
});
