import { inject } from 'vitest';
import { handler as channelAuthorizer } from '../../functions/device/channel-authorizer';
import { forgetDevice } from '../../functions/device/store';
import { publishEvents } from '../../functions/core/push/publish';
import { answersLikeEvents, startEvents, type RunningEvents } from '../../infra/local/emulators/events';
import { Channel, HOST } from '../support/channel';
import { aDisplay, aScreenFor, poll } from '../support/displays';

/**
 * The displays' push channel as a display meets it: AppSync Events' protocol over a real socket,
 * spoken by the local stand-in (infra/local/emulators/events.ts) that the test system runs, with
 * the API's own authorizer (functions/device/channel-authorizer.ts) and the deployed onSubscribe
 * rule (infra/cdk/appsync/displays-namespace.js), and the API's publisher
 * (functions/core/push/publish.ts) on the other end. A few tests start a stand-in of their own, to
 * hear `ka` every 100 ms or to meet the connection cap.
 */

const env = inject('emulatorEnv');
const NAMESPACE_FILE = new URL('../../infra/cdk/appsync/displays-namespace.js', import.meta.url).pathname;
const channels: Channel[] = [];
const opened = (channel: Channel) => (channels.push(channel), channel);
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** A display bound to a screen, as a person binds one: its code entered, then its poll. */
async function aBoundDisplay() {
  const display = await aDisplay();
  await aScreenFor(display.code);
  expect((await poll(display.token)).body.result.bound).toBe(true);
  return display;
}

describe('the push channel', () => {
  it("acks a bound display's connection, and delivers what the API publishes to its channel as data", async () => {
    const display = await aBoundDisplay();
    const channel = opened(Channel.open(display.token));
    expect(await channel.init()).toEqual({ type: 'connection_ack', connectionTimeoutMs: 300_000 });
    const subscription = crypto.randomUUID();
    expect(await channel.subscribe(subscription, `/displays/${display.device_id}`, display.token)).toEqual({
      type: 'subscribe_success',
      id: subscription,
    });

    expect(
      await publishEvents(`/displays/${display.device_id}`, [
        { type: 'changed', version: 7 },
        { type: 'revoked' },
      ]),
    ).toBe(true);
    await channel.next(
      (message) => message.type === 'data' && message.event === '{"type":"revoked"}',
      'revoked',
    );
    expect(channel.heard.filter((message) => message.type === 'data')).toEqual([
      { type: 'data', id: subscription, event: '{"type":"changed","version":7}' },
      { type: 'data', id: subscription, event: '{"type":"revoked"}' },
    ]);
  });

  it('refuses a bad token, a display that shows its code and a forgotten one, with connection_error, and closes', async () => {
    const bound = await aBoundDisplay();
    const unbound = await aDisplay();
    const forgotten = await aBoundDisplay();
    await forgetDevice(forgotten.device_id);
    const [, secret] = bound.token.split('.');
    for (const token of [`${unbound.device_id}.${secret}`, unbound.token, forgotten.token, 'not-a-token']) {
      const channel = opened(Channel.open(token));
      channel.send({ type: 'connection_init' });
      expect(await channel.nextOf('connection_error'), token).toEqual({
        type: 'connection_error',
        errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })],
      });
      await channel.closed;
      expect(channel.heard.map((message) => message.type)).toEqual(['connection_error']);
    }
    // With no token at all.
    const bare = opened(new Channel(new WebSocket(env.EVENTS_REALTIME_URL!, ['aws-appsync-event-ws'])));
    expect((await bare.nextOf('connection_error')).errors).toEqual([
      expect.objectContaining({ errorType: 'UnauthorizedException' }),
    ]);
  });

  it("refuses a subscription to another display's channel or to every display's, and hears only its own", async () => {
    const display = await aBoundDisplay();
    const other = await aBoundDisplay();
    const channel = opened(Channel.open(display.token));
    await channel.init();
    for (const path of [`/displays/${other.device_id}`, '/displays/*', `/displays/${display.device_id}/x`]) {
      const id = crypto.randomUUID();
      expect(await channel.subscribe(id, path, display.token), path).toEqual({
        type: 'subscribe_error',
        id,
        errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })],
      });
    }
    // Its own channel, but with the other display's token: the channel is the other's then.
    const borrowed = crypto.randomUUID();
    expect((await channel.subscribe(borrowed, `/displays/${display.device_id}`, other.token)).type).toBe(
      'subscribe_error',
    );
    const mine = crypto.randomUUID();
    expect((await channel.subscribe(mine, `/displays/${display.device_id}`, display.token)).type).toBe(
      'subscribe_success',
    );
    await publishEvents(`/displays/${other.device_id}`, [{ type: 'changed', version: 1 }]);
    await publishEvents(`/displays/${display.device_id}`, [{ type: 'changed', version: 2 }]);
    await channel.nextOf('data');
    expect(channel.heard.filter((message) => message.type === 'data')).toEqual([
      { type: 'data', id: mine, event: '{"type":"changed","version":2}' },
    ]);
  });

  it('stops delivering to a subscription once unsubscribed', async () => {
    const display = await aBoundDisplay();
    const channel = opened(Channel.open(display.token));
    await channel.init();
    const first = crypto.randomUUID();
    await channel.subscribe(first, `/displays/${display.device_id}`, display.token);
    channel.send({ type: 'unsubscribe', id: first });
    expect(await channel.nextOf('unsubscribe_success', first)).toEqual({
      type: 'unsubscribe_success',
      id: first,
    });
    channel.send({ type: 'unsubscribe', id: first });
    expect((await channel.nextOf('unsubscribe_error', first)).errors).toHaveLength(1);

    const second = crypto.randomUUID();
    await channel.subscribe(second, `/displays/${display.device_id}`, display.token);
    await publishEvents(`/displays/${display.device_id}`, [{ type: 'changed', version: 3 }]);
    await channel.nextOf('data');
    expect(channel.heard.filter((message) => message.type === 'data')).toEqual([
      { type: 'data', id: second, event: '{"type":"changed","version":3}' },
    ]);
  });

  it('takes publishing from IAM over HTTP only: a socket publish and an unsigned POST are refused', async () => {
    const display = await aBoundDisplay();
    const channel = opened(Channel.open(display.token));
    await channel.init();
    const subscription = crypto.randomUUID();
    await channel.subscribe(subscription, `/displays/${display.device_id}`, display.token);
    const publish = crypto.randomUUID();
    channel.send({
      type: 'publish',
      id: publish,
      channel: `/displays/${display.device_id}`,
      events: ['{"type":"changed","version":99}'],
      authorization: { host: HOST, Authorization: display.token },
    });
    expect(await channel.nextOf('publish_error', publish)).toEqual({
      type: 'publish_error',
      id: publish,
      errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })],
    });
    const unsigned = await fetch(`${env.EVENTS_HTTP_URL}/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: display.token },
      body: JSON.stringify({ channel: `/displays/${display.device_id}`, events: ['{"type":"revoked"}'] }),
    });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({
      errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })],
    });
    // What was refused never reached the display; what the API publishes does.
    await publishEvents(`/displays/${display.device_id}`, [{ type: 'changed', version: 4 }]);
    await channel.nextOf('data');
    expect(channel.heard.filter((message) => message.type === 'data')).toEqual([
      { type: 'data', id: subscription, event: '{"type":"changed","version":4}' },
    ]);
  });

  it('answers bad messages and bad publishes with errors in its shapes, never a 500, and stays up', async () => {
    const display = await aBoundDisplay();
    const channel = opened(Channel.open(display.token));
    await channel.init();
    channel.send({ nope: true });
    expect((await channel.nextOf('error')).errors).toEqual([
      expect.objectContaining({ errorType: 'BadRequestException' }),
    ]);
    const id = crypto.randomUUID();
    expect(await channel.subscribe(id, 'displays', display.token)).toMatchObject({
      type: 'subscribe_error',
      id,
    });
    const post = (body: string) =>
      fetch(`${env.EVENTS_HTTP_URL}/event`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'AWS4-HMAC-SHA256 Credential=x' },
        body,
      });
    for (const body of [
      'not json',
      JSON.stringify({ channel: '/displays/*', events: ['{}'] }),
      JSON.stringify({ channel: '/elsewhere/x', events: ['{}'] }),
      JSON.stringify({ channel: `/displays/${display.device_id}`, events: [] }),
      JSON.stringify({ channel: `/displays/${display.device_id}`, events: Array(6).fill('{}') }),
      JSON.stringify({ channel: `/displays/${display.device_id}`, events: [{ type: 'changed' }] }),
    ]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(await answer.json()).toEqual({
        errors: [expect.objectContaining({ errorType: 'BadRequestException' })],
      });
    }
    const partly = await post(
      JSON.stringify({
        channel: `/displays/${display.device_id}`,
        events: ['{not json', '{"type":"revoked"}'],
      }),
    );
    expect(await partly.json()).toEqual({
      successful: [{ identifier: expect.any(String), index: 1 }],
      failed: [expect.objectContaining({ index: 0 })],
    });
    // A message past the size limit closes the socket (1009), as AppSync's limit does.
    channel.socket.send(JSON.stringify({ type: 'subscribe', id: 'x', channel: 'x'.repeat(40_000) }));
    expect((await channel.closed).code).toBe(1009);
  });

  it('takes a publish to a channel no display hears', async () => {
    const display = await aBoundDisplay();
    expect(await publishEvents(`/displays/${display.device_id}`, [{ type: 'changed', version: 1 }])).toBe(
      true,
    );
  });
});

describe('a stand-in of its own', () => {
  let events: RunningEvents | undefined;
  afterEach(async () => {
    for (const channel of channels.splice(0)) channel.close();
    await events?.close();
    events = undefined;
  });

  it('answers like itself on its port (what a second start names), and a second start there fails', async () => {
    const options = {
      authorize: channelAuthorizer,
      namespaces: { displays: NAMESPACE_FILE },
      log: () => {},
    };
    events = await startEvents({ port: 0, ...options });
    const port = Number(new URL(events.httpUrl).port);
    expect(await answersLikeEvents(port)).toBe(true);
    expect(await answersLikeEvents(Number(new URL(inject('baseUrl')).port))).toBe(false);
    await expect(startEvents({ port, ...options })).rejects.toThrow('EADDRINUSE');
  });

  it('sends ka on its keep-alive period while the connection is open', async () => {
    events = await startEvents({
      port: 0,
      authorize: channelAuthorizer,
      namespaces: { displays: NAMESPACE_FILE },
      keepAliveMs: 100,
      log: () => {},
    });
    const display = await aBoundDisplay();
    const channel = opened(Channel.open(display.token, events.realtimeUrl));
    await channel.init();
    const acked = channel.heard.findIndex((message) => message.type === 'connection_ack');
    await channel.next(
      () => channel.heard.slice(acked).filter((message) => message.type === 'ka').length >= 3,
      'three ka',
    );
  });

  it('refuses connections past its cap with LimitExceededException, and admits again once one closes', async () => {
    events = await startEvents({
      port: 0,
      authorize: channelAuthorizer,
      namespaces: { displays: NAMESPACE_FILE },
      maxConnections: 1,
      log: () => {},
    });
    const display = await aBoundDisplay();
    const first = opened(Channel.open(display.token, events.realtimeUrl));
    await first.init();
    const second = opened(Channel.open(display.token, events.realtimeUrl));
    expect(await second.nextOf('connection_error')).toEqual({
      type: 'connection_error',
      errors: [expect.objectContaining({ errorType: 'LimitExceededException' })],
    });
    first.close();
    await first.closed;
    await vi.waitFor(() => expect(events!.connections()).toBe(0));
    await opened(Channel.open(display.token, events.realtimeUrl)).init();
  });

  it("keeps the authorizer's admission for a token for its ttlOverride, and asks again for a refusal", async () => {
    const calls: string[] = [];
    events = await startEvents({
      port: 0,
      authorize: async (event) => {
        calls.push(event.requestContext.operation);
        return channelAuthorizer(event);
      },
      namespaces: { displays: NAMESPACE_FILE },
      log: () => {},
    });
    const display = await aBoundDisplay();
    const channel = opened(Channel.open(display.token, events.realtimeUrl));
    await channel.init();
    expect((await channel.subscribe('a', `/displays/${display.device_id}`, display.token)).type).toBe(
      'subscribe_success',
    );
    // Forgotten now, but admitted for five minutes, as AppSync would; its poll says 401 at once.
    await forgetDevice(display.device_id);
    await opened(Channel.open(display.token, events.realtimeUrl)).init();
    expect(calls).toEqual(['EVENT_CONNECT']);

    const unbound = await aDisplay();
    for (let i = 0; i < 2; i++) {
      const refused = opened(Channel.open(unbound.token, events.realtimeUrl));
      await refused.nextOf('connection_error');
    }
    expect(calls).toEqual(['EVENT_CONNECT', 'EVENT_CONNECT', 'EVENT_CONNECT']);
  });
});
