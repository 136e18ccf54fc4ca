import { call, linkCalendars, startCalendarWorld, type CalendarWorld } from './calendar-standins';
import { pause, startReceiver, type Receiver, type Received } from './webhook-receiver';

/**
 * Push notification channels of the Google Calendar stand-in (infra/local/emulators/google-channels.ts)
 * over HTTP: `events/watch`, the `sync` message, a notification for every change of the watched
 * calendar's events (through the API or the control API), and `channels/stop`. Everything here is
 * a stand-in: no request leaves the machine.
 */
let world: CalendarWorld;
let receiver: Receiver;
let token: string;
let api: string;
const email = 'watcher@venue.test';
let serial = 0;

beforeAll(async () => {
  world = await startCalendarWorld();
  receiver = await startReceiver();
  token = (await linkCalendars(world.issuer, 'google', email)).access_token;
  api = `${world.google}/calendar/v3`;
});
afterAll(async () => {
  await receiver.close();
  await world.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200 });
});

async function freshCalendar(name: string, owner = email): Promise<string> {
  const created = await call(`${world.google}/_local/calendars`, { method: 'POST', body: { owner, name } });
  return created.body.id as string;
}

const eventsOf = (calendarId: string) => `${api}/calendars/${encodeURIComponent(calendarId)}/events`;
const anEvent = (summary: string) => ({
  summary,
  start: { dateTime: '2030-03-04T10:00:00Z' },
  end: { dateTime: '2030-03-04T11:00:00Z' },
});

/** A channel on the calendar's events, posting to the receiver. */
async function watch(calendarId: string, extra: Record<string, unknown> = {}) {
  const id = `channel-${++serial}`;
  const answer = await call(`${eventsOf(calendarId)}/watch`, {
    method: 'POST',
    token,
    body: { id, type: 'web_hook', address: receiver.url, token: `secret-${serial}`, ...extra },
  });
  return { id, answer };
}

const of = (channelId: string, state?: string) => (request: Received) =>
  request.headers['x-goog-channel-id'] === channelId &&
  (state === undefined || request.headers['x-goog-resource-state'] === state);

describe('the Google Calendar stand-in’s notification channels', () => {
  it('opens a channel on a calendar’s events and says so at once with a sync message', async () => {
    const calendar = await freshCalendar('Watched');
    const before = Date.now();
    const { id, answer } = await watch(calendar, { params: { ttl: '3600' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      kind: 'api#channel',
      id,
      resourceId: expect.any(String),
      resourceUri: `${eventsOf(calendar)}?alt=json`,
      token: `secret-${serial}`,
      expiration: expect.stringMatching(/^\d+$/),
    });
    const expiration = Number(answer.body.expiration);
    expect(expiration).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(expiration).toBeLessThan(Date.now() + 3_600_000 + 1000);

    const sync = await receiver.next(of(id, 'sync'));
    expect(sync.method).toBe('POST');
    expect(sync.body).toBe('');
    expect(sync.headers).toMatchObject({
      'x-goog-channel-id': id,
      'x-goog-channel-token': `secret-${serial}`,
      'x-goog-resource-id': answer.body.resourceId,
      'x-goog-resource-uri': answer.body.resourceUri,
      'x-goog-resource-state': 'sync',
      'x-goog-message-number': '1',
      'x-goog-channel-expiration': new Date(expiration).toUTCString(),
    });
  });

  it('tells of every change of the events, through the API and as a person makes it, and of no other calendar', async () => {
    const calendar = await freshCalendar('Changes');
    const other = await freshCalendar('Elsewhere');
    const { id } = await watch(calendar);
    await receiver.next(of(id, 'sync'));

    const made = await call(eventsOf(calendar), { method: 'POST', token, body: anEvent('Through the API') });
    expect(made.status).toBe(200);
    await receiver.next((r) => of(id, 'exists')(r) && r.headers['x-goog-message-number'] === '2');

    const control = `${world.google}/_local/calendars/${encodeURIComponent(calendar)}/events`;
    const byPerson = await call(control, { method: 'POST', body: anEvent('In the calendar app') });
    await call(`${control}/${byPerson.body.id as string}`, { method: 'PATCH', body: { summary: 'Moved' } });
    await call(`${control}/${byPerson.body.id as string}`, { method: 'DELETE' });
    await receiver.next((r) => of(id)(r) && r.headers['x-goog-message-number'] === '5');
    const numbers = receiver.received.filter(of(id, 'exists')).map((r) => r.headers['x-goog-message-number']);
    expect(numbers.sort()).toEqual(['2', '3', '4', '5']);
    expect(receiver.received.filter(of(id, 'exists')).every((r) => r.body === '')).toBe(true);

    // Reading is no change, and another calendar's events are not this channel's.
    await call(eventsOf(calendar), { token });
    await call(eventsOf(other), { method: 'POST', token, body: anEvent('Not watched') });
    await pause(200);
    expect(receiver.received.filter(of(id))).toHaveLength(5);
  });

  it('stops a channel for its owner only, naming its resource; nothing is told after', async () => {
    const calendar = await freshCalendar('Stopped');
    const { id, answer } = await watch(calendar);
    const resourceId = answer.body.resourceId as string;
    const stranger = (await linkCalendars(world.issuer, 'google', 'stranger@venue.test')).access_token;
    const stop = (by: string, body: unknown) =>
      call(`${api}/channels/stop`, { method: 'POST', token: by, body });

    expect((await stop(stranger, { id, resourceId })).status).toBe(404);
    expect((await stop(token, { id, resourceId: 'another-resource' })).status).toBe(404);
    expect((await stop(token, { id, resourceId })).status).toBe(204);
    expect((await stop(token, { id, resourceId })).status).toBe(404);
    const listed = await call(`${world.google}/_local/channels`);
    expect((listed.body.items as Array<{ id: string }>).map((c) => c.id)).not.toContain(id);

    await receiver.next(of(id, 'sync'));
    await call(eventsOf(calendar), { method: 'POST', token, body: anEvent('After the stop') });
    await pause(200);
    expect(receiver.received.filter(of(id, 'exists'))).toEqual([]);
  });

  it('refuses a watch without an id, a web_hook type or an address, and an id in use (400)', async () => {
    const calendar = await freshCalendar('Refused');
    const { id } = await watch(calendar);
    for (const body of [
      { type: 'web_hook', address: receiver.url },
      { id: 'other-1', type: 'email', address: receiver.url },
      { id: 'other-2', type: 'web_hook' },
      { id: 'other-3', type: 'web_hook', address: 'not a url' },
      { id: 'other-4', type: 'web_hook', address: receiver.url, params: { ttl: 'soon' } },
      { id, type: 'web_hook', address: receiver.url },
    ]) {
      const answer = await call(`${eventsOf(calendar)}/watch`, { method: 'POST', token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    // Another person's calendar is not found.
    const theirs = await freshCalendar('Theirs', 'someone-else@venue.test');
    expect((await watch(theirs)).answer.status).toBe(404);
  });

  it('lasts 7 days unless asked, 30 at most, and tells nothing once expired', async () => {
    const calendar = await freshCalendar('Expiring');
    const week = Number((await watch(calendar)).answer.body.expiration) - Date.now();
    expect(Math.abs(week - 7 * 86_400_000)).toBeLessThan(5_000);
    const long = await watch(calendar, { params: { ttl: String(90 * 86_400) } });
    expect(Number(long.answer.body.expiration) - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

    const short = await watch(calendar, { params: { ttl: '1' } });
    await receiver.next(of(short.id, 'sync'));
    await pause(1_100);
    await call(eventsOf(calendar), { method: 'POST', token, body: anEvent('Too late') });
    await receiver.next(of(long.id, 'exists'));
    expect(receiver.received.filter(of(short.id, 'exists'))).toEqual([]);
  });

  it('keeps the change when the webhook fails: a delivery is not the change’s concern', async () => {
    const calendar = await freshCalendar('Failing hook');
    receiver.answer = () => ({ status: 500 });
    const { id } = await watch(calendar);
    const made = await call(eventsOf(calendar), { method: 'POST', token, body: anEvent('Kept') });
    expect(made.status).toBe(200);
    await receiver.next(of(id, 'exists'));
    // Not retried.
    await pause(200);
    expect(receiver.received.filter(of(id, 'exists'))).toHaveLength(1);
  });
});
