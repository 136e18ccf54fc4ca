import { randomUUID } from 'node:crypto';
import { calendarClient } from '@functions/calendars/providers/clients';
import type { CalendarClient, WatchRef } from '@functions/calendars/providers/provider';
import { GRAPH_SUBSCRIPTION_MS } from '@functions/calendars/providers/watch-clients';
import { call, type CalendarWorld } from '../emulators/calendar-standins';
import { echoValidation, pause, startReceiver, type Receiver } from '../emulators/webhook-receiver';
import { linkThrough, startLinkedWorld } from './linked-world';

/**
 * The calendar clients' push notifications (functions/calendars/providers/watch-clients.ts) against
 * the local stand-ins: a Google channel and a Graph subscription on a calendar's events, renewed
 * and stopped, with a webhook of the test's own. Everything here is a stand-in: no request leaves
 * the machine.
 */
let world: CalendarWorld;
let receiver: Receiver;
const DAY = 86_400_000;

beforeAll(async () => {
  world = await startLinkedWorld();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await world.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = echoValidation;
});

async function linked(provider: 'google' | 'microsoft', email: string) {
  const client = (await calendarClient(provider))!;
  const { accessToken } = await linkThrough(client, email);
  const origin = provider === 'google' ? world.google : world.graph;
  const created = await call(`${origin}/_local/calendars`, {
    method: 'POST',
    body: { owner: email, name: 'Rooms' },
  });
  return { client, accessToken, calendarId: created.body.id as string, origin };
}

const request = (extra: Partial<Parameters<CalendarClient['watch']>[2]> = {}) => ({
  channelId: randomUUID(),
  address: receiver.url,
  token: `token-${randomUUID()}`,
  expiresAt: Date.now() + 7 * DAY,
  ...extra,
});

describe('the Google Calendar client’s channels', () => {
  it('opens a channel that carries the token back with every change, and stops it', async () => {
    const { client, accessToken, calendarId, origin } = await linked('google', 'watch-google@venue.test');
    const asked = request();
    const watch = await client.watch(accessToken, calendarId, asked);
    expect(watch).toEqual({
      channelId: asked.channelId,
      resourceId: expect.any(String),
      expiresAt: expect.any(Number),
    });
    expect(Math.abs(watch.expiresAt - asked.expiresAt)).toBeLessThan(2_000);
    await receiver.next((r) => r.headers['x-goog-resource-state'] === 'sync');

    await call(`${origin}/_local/calendars/${encodeURIComponent(calendarId)}/events`, {
      method: 'POST',
      body: {
        summary: 'Added',
        start: { dateTime: '2030-03-04T10:00:00Z' },
        end: { dateTime: '2030-03-04T11:00:00Z' },
      },
    });
    const change = await receiver.next((r) => r.headers['x-goog-resource-state'] === 'exists');
    expect(change.headers).toMatchObject({
      'x-goog-channel-id': asked.channelId,
      'x-goog-channel-token': asked.token,
      'x-goog-resource-id': watch.resourceId,
    });

    // Google renews nothing: a second watch is a second channel.
    const second = await client.watch(accessToken, calendarId, request({ renew: watch }));
    expect(second.channelId).not.toBe(watch.channelId);
    await client.stopWatch(accessToken, watch);
    await client.stopWatch(accessToken, second);
    // One that is gone already is no error.
    await client.stopWatch(accessToken, watch);
    const listed = await call(`${origin}/_local/channels`);
    expect(
      (listed.body.items as Array<{ calendarId: string }>).filter((c) => c.calendarId === calendarId),
    ).toEqual([]);
  });
});

describe('the Microsoft Graph client’s subscriptions', () => {
  it('subscribes (Graph checks the URL first) with the token as clientState, within 4230 minutes', async () => {
    const { client, accessToken, calendarId, origin } = await linked('microsoft', 'watch-graph@venue.test');
    const asked = request();
    const watch = await client.watch(accessToken, calendarId, asked);
    expect(watch.channelId).not.toBe(asked.channelId);
    expect(watch.expiresAt).toBeLessThanOrEqual(Date.now() + GRAPH_SUBSCRIPTION_MS);
    expect(watch.expiresAt).toBeGreaterThan(Date.now() + GRAPH_SUBSCRIPTION_MS - 60_000);
    expect(receiver.received[0]!.url.searchParams.get('validationToken')).toBeTruthy();

    await call(`${origin}/_local/calendars/${calendarId}/events`, {
      method: 'POST',
      body: {
        subject: 'Added',
        start: { dateTime: '2030-03-04T10:00:00', timeZone: 'UTC' },
        end: { dateTime: '2030-03-04T11:00:00', timeZone: 'UTC' },
      },
    });
    const change = await receiver.next((r) => r.body.includes(watch.channelId));
    expect(JSON.parse(change.body).value[0]).toMatchObject({
      subscriptionId: watch.channelId,
      clientState: asked.token,
      changeType: 'created',
    });
  });

  it('renews the subscription it is given (keeping it), makes one anew when Graph forgot it, and ends it', async () => {
    const { client, accessToken, calendarId, origin } = await linked('microsoft', 'renew-graph@venue.test');
    const first = await client.watch(accessToken, calendarId, request({ expiresAt: Date.now() + DAY }));
    await pause(20);
    const renewed = await client.watch(accessToken, calendarId, request({ renew: first }));
    expect(renewed.channelId).toBe(first.channelId);
    expect(renewed.expiresAt).toBeGreaterThan(first.expiresAt);

    const forgotten: WatchRef = { channelId: randomUUID(), expiresAt: Date.now() + DAY };
    const anew = await client.watch(accessToken, calendarId, request({ renew: forgotten }));
    expect(anew.channelId).not.toBe(forgotten.channelId);

    await client.stopWatch(accessToken, renewed);
    await client.stopWatch(accessToken, anew);
    await client.stopWatch(accessToken, anew);
    const listed = await call(`${origin}/_local/subscriptions`);
    expect(
      (listed.body.value as Array<{ calendarId: string }>).filter((s) => s.calendarId === calendarId),
    ).toEqual([]);
  });

  it('fails (and makes nothing) when the address does not answer Graph’s check', async () => {
    const { client, accessToken, calendarId } = await linked('microsoft', 'refused-graph@venue.test');
    receiver.answer = () => ({ status: 404 });
    await expect(client.watch(accessToken, calendarId, request())).rejects.toThrow(/ValidationError/);
  });
});
