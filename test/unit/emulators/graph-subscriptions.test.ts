import { call, linkCalendars, startCalendarWorld, type CalendarWorld } from './calendar-standins';
import { echoValidation, pause, startReceiver, type Receiver, type Received } from './webhook-receiver';

/**
 * Change notifications of the Microsoft Graph stand-in (infra/local/emulators/graph-subscriptions.ts)
 * over HTTP: a subscription is made only once its URL echoes Graph's validation token, then every
 * change of the calendar's events (through the API or the control API) is posted to it; PATCH
 * renews it and DELETE ends it. Everything here is a stand-in: no request leaves the machine.
 */
let world: CalendarWorld;
let receiver: Receiver;
let token: string;
let api: string;
const email = 'subscriber@venue.test';
type Item = Record<string, unknown>;

beforeAll(async () => {
  world = await startCalendarWorld();
  receiver = await startReceiver();
  token = (await linkCalendars(world.issuer, 'microsoft', email)).access_token;
  api = `${world.graph}/v1.0`;
});
afterAll(async () => {
  await receiver.close();
  await world.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = echoValidation;
});

async function freshCalendar(name: string, owner = email): Promise<string> {
  const created = await call(`${world.graph}/_local/calendars`, { method: 'POST', body: { owner, name } });
  return created.body.id as string;
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const anEvent = (subject: string) => ({
  subject,
  start: { dateTime: '2030-03-04T10:00:00', timeZone: 'UTC' },
  end: { dateTime: '2030-03-04T11:00:00', timeZone: 'UTC' },
});

function subscribe(resource: string, extra: Item = {}) {
  return call(`${api}/subscriptions`, {
    method: 'POST',
    token,
    body: {
      changeType: 'created,updated,deleted',
      notificationUrl: receiver.url,
      resource,
      expirationDateTime: inMinutes(60),
      clientState: 'the-secret',
      ...extra,
    },
  });
}

/** The notifications of a subscription received so far. */
const notificationsOf = (id: string) =>
  receiver.received
    .filter((r) => r.body)
    .flatMap((r) => (JSON.parse(r.body) as { value: Item[] }).value)
    .filter((n) => n.subscriptionId === id);
const about = (id: string) => (r: Received) => r.body.includes(id);

describe('the Microsoft Graph stand-in’s subscriptions', () => {
  it('checks the URL with a validation token as text before it subscribes it, then answers 201', async () => {
    const calendar = await freshCalendar('Validated');
    const made = await subscribe(`me/calendars/${calendar}/events`);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      id: expect.any(String),
      resource: `me/calendars/${calendar}/events`,
      changeType: 'created,updated,deleted',
      clientState: 'the-secret',
      notificationUrl: receiver.url,
      expirationDateTime: expect.any(String),
    });
    const [check] = receiver.received;
    expect(check!.method).toBe('POST');
    expect(check!.headers['content-type']).toMatch(/^text\/plain/);
    expect(check!.url.searchParams.get('validationToken')).toMatch(/^Validation: .+ Request-Id: /);
  });

  it('refuses a URL that does not echo the token as text, with 200, and makes no subscription', async () => {
    const calendar = await freshCalendar('Unvalidated');
    for (const answer of [
      () => ({ status: 200, body: 'something else', type: 'text/plain' }),
      (r: Received) => ({
        status: 202,
        body: r.url.searchParams.get('validationToken')!,
        type: 'text/plain',
      }),
      (r: Received) => ({
        status: 200,
        body: r.url.searchParams.get('validationToken')!,
        type: 'application/json',
      }),
      () => ({ status: 500 }),
    ]) {
      receiver.answer = answer;
      const refused = await subscribe(`me/calendars/${calendar}/events`);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'ValidationError' });
    }
    const listed = await call(`${world.graph}/_local/subscriptions`);
    expect((listed.body.value as Item[]).filter((s) => s.calendarId === calendar)).toEqual([]);
  });

  it('posts every change of the events, through the API and as a person makes it, with its clientState', async () => {
    const calendar = await freshCalendar('Notified');
    const id = (await subscribe(`me/calendars/${calendar}/events`)).body.id as string;
    const made = await call(`${api}/me/calendars/${calendar}/events`, {
      method: 'POST',
      token,
      body: anEvent('Through the API'),
    });
    const eventId = made.body.id as string;
    const control = `${world.graph}/_local/calendars/${calendar}/events`;
    await call(`${control}/${eventId}`, { method: 'PATCH', body: { subject: 'Renamed in Outlook' } });
    await call(`${api}/me/events/${eventId}`, { method: 'DELETE', token });
    await call(control, { method: 'POST', body: anEvent('Added in Outlook') });
    await receiver.next(() => notificationsOf(id).length >= 4);

    const notifications = notificationsOf(id);
    expect(notifications.map((n) => n.changeType)).toEqual(['created', 'updated', 'deleted', 'created']);
    expect(notifications[0]).toEqual({
      subscriptionId: id,
      subscriptionExpirationDateTime: expect.any(String),
      changeType: 'created',
      resource: expect.stringMatching(new RegExp(`^Users/[^/]+/Events/${eventId}$`)),
      clientState: 'the-secret',
      tenantId: expect.any(String),
      resourceData: expect.objectContaining({ id: eventId, '@odata.type': '#Microsoft.Graph.Event' }),
    });
    const posted = receiver.received.find(about(id))!;
    expect(posted.headers['content-type']).toMatch(/^application\/json/);
  });

  it('tells only the change types subscribed to, and me/events is the default calendar', async () => {
    const deletions = (await subscribe('/me/events', { changeType: 'deleted' })).body.id as string;
    const made = await call(`${api}/me/events`, { method: 'POST', token, body: anEvent('Default') });
    await call(`${api}/me/events/${made.body.id as string}`, { method: 'DELETE', token });
    await receiver.next(() => notificationsOf(deletions).length > 0);
    await pause(200);
    expect(notificationsOf(deletions).map((n) => n.changeType)).toEqual(['deleted']);
  });

  it('renews by PATCH within 4230 minutes, ends by DELETE, and is its maker’s only', async () => {
    const calendar = await freshCalendar('Renewed');
    const made = await subscribe(`me/calendars/${calendar}/events`);
    const id = made.body.id as string;
    const url = `${api}/subscriptions/${id}`;
    const later = inMinutes(4000);
    const renewed = await call(url, { method: 'PATCH', token, body: { expirationDateTime: later } });
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.body.expirationDateTime as string)).toBe(Date.parse(later));
    expect(
      (await call(url, { method: 'PATCH', token, body: { expirationDateTime: inMinutes(5000) } })).status,
    ).toBe(400);
    expect(
      (await subscribe(`me/calendars/${calendar}/events`, { expirationDateTime: inMinutes(-1) })).status,
    ).toBe(400);

    const stranger = (await linkCalendars(world.issuer, 'microsoft', 'stranger@venue.test')).access_token;
    expect((await call(url, { method: 'DELETE', token: stranger })).status).toBe(404);
    expect((await call(url, { method: 'DELETE', token })).status).toBe(204);
    expect((await call(url, { method: 'DELETE', token })).status).toBe(404);
    receiver.received.length = 0;
    await call(`${api}/me/calendars/${calendar}/events`, { method: 'POST', token, body: anEvent('Unheard') });
    await pause(200);
    expect(notificationsOf(id)).toEqual([]);
  });

  it('refuses a resource other than a calendar’s events, and another person’s calendar', async () => {
    expect((await subscribe('me/messages')).status).toBe(400);
    expect((await subscribe('me/events', { changeType: 'moved' })).status).toBe(400);
    const theirs = await freshCalendar('Theirs', 'someone-else@venue.test');
    expect((await subscribe(`me/calendars/${theirs}/events`)).status).toBe(404);
  });
});
