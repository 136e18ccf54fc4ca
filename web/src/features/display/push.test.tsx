import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { act, screen } from '@testing-library/react';
import type { BoundDeviceState } from '@shared/schemas/devices';
import { fakeApi, type FakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { reconnectDelay, RECONNECT_CAP_MS } from './channel';
import { DEVICE_KEY } from './device';

/**
 * The room display on its push channel (./channel.ts): the page in jsdom with the API faked at
 * fetch, and the channel a REAL WebSocket server started here with `ws`, speaking AppSync Events'
 * protocol (connection_init/ack, subscribe with the authorization, ka, data, unsubscribe). It
 * stands in for the local channel emulator of the running system, which the end-to-end test
 * (test/e2e/display-push.e2e.test.ts) uses. jsdom's own WebSocket cannot dispatch its events in
 * this environment, so the page is given ws's client, which speaks the browser's WebSocket API
 * over a real socket. Timers and Date are fake (the poll intervals pass in an instant); sockets
 * are real, and the test waits for their I/O with `until`. `Math.random` is held at 0.5: the
 * jitter's middle (polls on the channel at 300 s, without it at 66 s; reconnections after 0.5 s,
 * 1 s, 2 s, …).
 */

interface WsSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  terminate(): void;
  on(event: 'message', listener: (data: unknown) => void): void;
  on(event: 'close' | 'error', listener: () => void): void;
}
interface WsServer {
  on(event: 'listening', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'connection', listener: (socket: WsSocket, request: IncomingMessage) => void): void;
  address(): AddressInfo;
  close(callback?: () => void): void;
}
interface WsModule {
  new (url: string, protocols?: string[]): WsSocket;
  Server: new (options: {
    host: string;
    port: number;
    path: string;
    handleProtocols: (protocols: string[]) => string | false;
  }) => WsServer;
  CLOSED: number;
}
/** `ws` (v7; no type declarations installed): its server, and its client for the page. */
const WS = createRequire(import.meta.url)('ws') as WsModule;

const NOW = Date.parse('2026-03-10T12:00:00Z');
const DEVICE_ID = '01J0000000000000000000DEV0';
const TOKEN = `${DEVICE_ID}.secret-secret-secret-secret`;
const CHANNEL = `/displays/${DEVICE_ID}`;
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();

function aRoom(overrides: Partial<BoundDeviceState> = {}): BoundDeviceState {
  return {
    bound: true,
    active: true,
    screen: { id: 's1', name: 'Lobby screen' },
    space: {
      id: 'sp1',
      title: 'Boardroom',
      capacity: 10,
      calendar_color: '#0B8043',
      photo_url: null,
      availability: { start: '00:30', end: '23:30' },
    },
    venue: { id: 'v1', name: 'Harbour Hall', timezone: 'Europe/London' },
    occurrences: [],
    check_in: { enabled: false, before_event: null, after_event: null },
    slideshow: null,
    alerts: [],
    branding: null,
    poll_interval_seconds: 60,
    push: null,
    ...overrides,
  };
}

const aMeeting = (title: string) => ({
  booking_id: `b-${title}`,
  recurrence_id: 'r1',
  title,
  start_utc: minutes(-10),
  end_utc: minutes(20),
  checked_in: false,
  source: 'spaces' as const,
});

/** One connection the channel server accepted: what the client asked for and sent. */
interface Connection {
  socket: WsSocket;
  protocols: string[];
  /** The `header-…` subprotocol, decoded. */
  header: unknown;
  received: Array<Record<string, unknown>>;
  closed: boolean;
}

/**
 * The channel: AppSync Events' realtime protocol on `/event/realtime`, which lets the device's
 * token subscribe to its own channel only. `publish` sends an event to the channel's
 * subscribers, `keepAlive` a ka to every connection; `stop` ends every connection and stops
 * listening (the channel is down), `start` listens again on the same port.
 */
async function aChannelServer({ connectionTimeoutMs = 300_000 } = {}) {
  const connections: Connection[] = [];
  const subscriptions: Array<{ connection: Connection; id: string }> = [];
  let server: WsServer;
  let port = 0;

  const accept = (socket: WsSocket, request: IncomingMessage) => {
    const protocols = String(request.headers['sec-websocket-protocol'] ?? '').split(/,\s*/);
    const encoded = protocols.find((p) => p.startsWith('header-'))?.slice('header-'.length);
    const header = encoded ? (JSON.parse(Buffer.from(encoded, 'base64url').toString()) as unknown) : null;
    const connection: Connection = { socket, protocols, header, received: [], closed: false };
    connections.push(connection);
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    socket.on('close', () => {
      connection.closed = true;
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      connection.received.push(message);
      const authorization = message.authorization as Record<string, unknown> | undefined;
      if (message.type === 'connection_init') {
        if ((header as { Authorization?: unknown } | null)?.Authorization !== TOKEN) {
          send({ type: 'connection_error', errors: [{ errorType: 'UnauthorizedException', message: 'No' }] });
          socket.close();
        } else send({ type: 'connection_ack', connectionTimeoutMs });
      } else if (message.type === 'subscribe') {
        if (authorization?.Authorization === TOKEN && message.channel === CHANNEL) {
          subscriptions.push({ connection, id: String(message.id) });
          send({ type: 'subscribe_success', id: message.id });
        } else {
          send({
            type: 'subscribe_error',
            id: message.id,
            errors: [{ errorType: 'UnauthorizedException', message: 'No' }],
          });
        }
      } else if (message.type === 'unsubscribe') {
        send({ type: 'unsubscribe_success', id: message.id });
      }
    });
  };

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new WS.Server({
        host: '127.0.0.1',
        port,
        path: '/event/realtime',
        handleProtocols: (protocols) =>
          protocols.includes('aws-appsync-event-ws') ? 'aws-appsync-event-ws' : false,
      });
      server.on('connection', accept);
      server.on('error', reject);
      server.on('listening', () => {
        port = server.address().port;
        resolve();
      });
    });
  await start();

  return {
    connections,
    subscriptions,
    get push() {
      return {
        url: `ws://127.0.0.1:${port}/event/realtime`,
        host: `127.0.0.1:${port + 1}`,
        channel: CHANNEL,
      };
    },
    publish(event: unknown) {
      for (const { connection, id } of subscriptions) {
        if (!connection.closed)
          connection.socket.send(JSON.stringify({ type: 'data', id, event: JSON.stringify(event) }));
      }
    },
    keepAlive() {
      for (const c of connections) if (!c.closed) c.socket.send(JSON.stringify({ type: 'ka' }));
    },
    /** Ends every connection and stops listening (ws 7 terminates its clients on close). */
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start,
  };
}
type ChannelServer = Awaited<ReturnType<typeof aChannelServer>>;

/**
 * The page's WebSockets (ws's client): every message each received, in order, and when (the
 * fake clock) it was opened and closed.
 */
const sockets: Array<{ socket: WsSocket; received: string[]; openedAt: number; closedAt: number | null }> =
  [];
class PageWebSocket extends WS {
  constructor(url: string, protocols?: string[]) {
    super(url, protocols);
    const record = {
      socket: this as WsSocket,
      received: [] as string[],
      openedAt: Date.now(),
      closedAt: null as number | null,
    };
    sockets.push(record);
    // (Emitter listeners: ws 7 drops addEventListener's when the page sets `onmessage`.)
    this.on('message', (data) => record.received.push(String(data)));
    this.on('close', () => {
      record.closedAt = Date.now();
    });
    // As in a browser, an error nobody listens to is not thrown (ws throws it, as Node's emitters do).
    this.on('error', () => {});
  }
}

let servers: ChannelServer[] = [];
async function aServer(options?: { connectionTimeoutMs?: number }) {
  const server = await aChannelServer(options);
  servers.push(server);
  return server;
}

beforeEach(() => {
  sockets.length = 0;
  vi.useFakeTimers({
    now: NOW,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.stubGlobal('WebSocket', PageWebSocket);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
  servers = [];
});

/** Moves the display's clock and timers on. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Lets real I/O happen (timers stand still) until `check` holds; fails after 5 s. */
async function until(check: () => boolean, what: string) {
  const deadline = performance.now() + 5_000;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

const polls = (api: FakeApi) => api.callsTo('GET', '/device/state').length;
const lastSocket = () => sockets.at(-1)!.socket;
const isClosed = (socket: WsSocket) => socket.readyState === WS.CLOSED;

/** The pairing is as it was: same token, no new registration. */
function keptItsPairing(api: FakeApi) {
  expect(JSON.parse(localStorage.getItem(DEVICE_KEY)!)).toEqual({ device_id: DEVICE_ID, token: TOKEN });
  expect(api.callsTo('POST', '/device/register')).toHaveLength(0);
}

/** A paired display whose state names `server`'s channel, subscribed, after its catch-up poll. */
async function aSubscribedDisplay(server: ChannelServer, room: Partial<BoundDeviceState> = {}) {
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ device_id: DEVICE_ID, token: TOKEN }));
  const api = fakeApi().on('GET', '/device/state', {
    body: { result: aRoom({ push: server.push, ...room }) },
    headers: { ETag: '"v1"' },
  });
  const view = renderApp('/display', { fakeTimers: true });
  await until(() => server.subscriptions.length === 1, 'the subscription');
  // Subscribed, it reads its state once more: a change made before it subscribed is not missed.
  await until(() => polls(api) === 2, 'the catch-up poll');
  await advance(10);
  expect(screen.getByRole('heading', { level: 1, name: 'Boardroom' })).toBeInTheDocument();
  return { api, ...view };
}

describe('a room display on its push channel', () => {
  it('subscribes to its own channel with its token, and shows a change at once, without waiting for a poll', async () => {
    const server = await aServer();
    const { api } = await aSubscribedDisplay(server);

    const [connection] = server.connections;
    expect(connection!.protocols[0]).toBe('aws-appsync-event-ws');
    expect(connection!.protocols[1]).toMatch(/^header-[A-Za-z0-9_-]+$/);
    expect(connection!.header).toEqual({ host: server.push.host, Authorization: TOKEN });
    expect(connection!.received).toEqual([
      { type: 'connection_init' },
      {
        type: 'subscribe',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        channel: CHANNEL,
        authorization: { host: server.push.host, Authorization: TOKEN },
      },
    ]);

    // A booking is made: the channel says so, and the display reads its state at once.
    api.on('GET', '/device/state', {
      body: { result: aRoom({ push: server.push, occurrences: [aMeeting('Stand-up')] }) },
      headers: { ETag: '"v2"' },
    });
    server.publish({ type: 'changed', version: 2 });
    await until(() => polls(api) === 3, 'the poll the event asked for');
    await advance(10);
    expect(screen.getByText('Busy')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Room status' })).toHaveTextContent('Stand-up');
    expect(api.callsTo('GET', '/device/state')[2]).toMatchObject({ token: TOKEN });
    // No poll interval went by: it was the event.
    expect(Date.now() - NOW).toBeLessThan(1_000);
  });

  it('polls every 5 minutes (±20 %) while subscribed, and without a channel every minute (+0..20 %)', async () => {
    const server = await aServer({ connectionTimeoutMs: 3_600_000 });
    vi.mocked(Math.random).mockReturnValue(0);
    const { api } = await aSubscribedDisplay(server);
    await advance(239_000);
    expect(polls(api)).toBe(2);
    vi.mocked(Math.random).mockReturnValue(0.999);
    await advance(1_100);
    expect(polls(api)).toBe(3);
    await advance(359_000);
    expect(polls(api)).toBe(3);
    await advance(1_100);
    expect(polls(api)).toBe(4);
  });

  it('without a push channel polls every minute (+0..20 %) and opens no socket', async () => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ device_id: DEVICE_ID, token: TOKEN }));
    const api = fakeApi().on('GET', '/device/state', {
      body: { result: aRoom() },
      headers: { ETag: '"v1"' },
    });
    renderApp('/display', { fakeTimers: true });
    await advance(100);
    expect(polls(api)).toBe(1);
    await advance(65_800);
    expect(polls(api)).toBe(1);
    await advance(200);
    expect(polls(api)).toBe(2);
    expect(sockets).toHaveLength(0);
  });

  it('when the channel drops: polls every minute, reconnects with back-off, keeps its pairing through 429, 503 and no answer, and resubscribes', async () => {
    const server = await aServer();
    const { api } = await aSubscribedDisplay(server);
    api.on(
      'GET',
      '/device/state',
      { status: 429, body: { message: 'Too many requests. Try again later.' } },
      {
        status: 503,
        body: { message: 'The service is busy or unavailable right now. Please try again in a moment.' },
      },
      { networkError: true },
      { status: 304 },
    );

    // The channel goes down: the socket closes, and nothing listens any more.
    await server.stop();
    await until(() => isClosed(lastSocket()), 'the socket to close');
    const dropped = Date.now();

    // Reconnections back off: full jitter over 1 s, 2 s, 4 s, 8 s, … (here the middle of each).
    while (Date.now() < dropped + 10_000) {
      await advance(100);
      await until(() => isClosed(lastSocket()), 'the refused connection');
    }
    const waits = sockets.slice(1).map(({ openedAt }, i) => openedAt - sockets[i]!.closedAt!);
    expect(waits).toEqual([500, 1_000, 2_000, 4_000]);

    // The next poll comes a minute (and the jitter) after the drop, not five minutes after the last.
    await advance(dropped + 65_900 - Date.now());
    expect(polls(api)).toBe(2);
    await advance(200);
    expect(polls(api)).toBe(3); // 429
    await advance(60_100);
    expect(polls(api)).toBe(4); // 503
    await advance(120_100);
    expect(polls(api)).toBe(5); // no answer
    expect(screen.getByRole('heading', { level: 1, name: 'Boardroom' })).toBeInTheDocument();
    expect(screen.getByText(/^Offline since/)).toBeInTheDocument();
    keptItsPairing(api);

    // The channel is back: the display reconnects (within the back-off's 60 s cap), subscribes
    // with the same token, and catches up at once.
    await server.start();
    for (let i = 0; i < 70 && server.subscriptions.length < 2; i += 1) {
      await advance(1_000);
      await until(() => sockets.every((s) => isClosed(s.socket) || s.socket.readyState === 1), 'the try');
      await until(() => server.subscriptions.length === 2 || isClosed(lastSocket()), 'the try to end');
    }
    expect(server.subscriptions).toHaveLength(2);
    expect(server.connections.at(-1)!.header).toEqual({ host: server.push.host, Authorization: TOKEN });
    await until(() => polls(api) === 6, 'the catch-up poll');
    await advance(10);
    expect(screen.queryByText(/^Offline since/)).not.toBeInTheDocument();
    keptItsPairing(api);
  });

  it('reconnects when it hears no ka within connectionTimeoutMs', async () => {
    const server = await aServer({ connectionTimeoutMs: 30_000 });
    await aSubscribedDisplay(server);
    // Nothing heard for the 30 s the channel named: the connection is dead, and it reconnects.
    await advance(29_900);
    expect(isClosed(sockets[0]!.socket)).toBe(false);
    await advance(200);
    await until(() => server.connections[0]!.closed, 'the silent connection to close');
    await advance(600);
    await until(() => server.subscriptions.length === 2, 'the new subscription');

    // A ka starts the wait over.
    await advance(25_000);
    server.keepAlive();
    await until(() => sockets[1]!.received.includes('{"type":"ka"}'), 'the ka');
    await advance(29_900);
    expect(isClosed(sockets[1]!.socket)).toBe(false);
    await advance(200);
    await until(() => server.connections[1]!.closed, 'the silent connection to close');
    expect(server.connections).toHaveLength(2);
  });

  it('unsubscribes and closes on unmount, and follows the channel the state names', async () => {
    const first = await aServer();
    const { api, unmount } = await aSubscribedDisplay(first);

    // The state names another channel: the first closes, the second is subscribed.
    const second = await aServer();
    api.on('GET', '/device/state', {
      body: { result: aRoom({ push: second.push }) },
      headers: { ETag: '"v2"' },
    });
    await act(() => void window.dispatchEvent(new Event('focus')));
    await until(() => polls(api) === 4, 'the catch-up poll on the new channel');
    await until(() => first.connections[0]!.closed, 'the old socket to close');
    expect(second.subscriptions).toHaveLength(1);
    expect(first.connections[0]!.received.at(-1)).toEqual({
      type: 'unsubscribe',
      id: first.subscriptions[0]!.id,
    });

    // Then none: the socket closes, and it polls every minute.
    api.on('GET', '/device/state', { body: { result: aRoom() }, headers: { ETag: '"v3"' } });
    await act(() => void window.dispatchEvent(new Event('focus')));
    await until(() => second.connections[0]!.closed, 'the socket to close');
    expect(second.connections[0]!.received.at(-1)).toEqual({
      type: 'unsubscribe',
      id: second.subscriptions[0]!.id,
    });

    // Back to the second, then the page goes.
    api.on('GET', '/device/state', {
      body: { result: aRoom({ push: second.push }) },
      headers: { ETag: '"v4"' },
    });
    await act(() => void window.dispatchEvent(new Event('focus')));
    await until(() => polls(api) === 7, 'the catch-up poll');
    unmount();
    await until(() => second.connections[1]!.closed, 'the socket to close on unmount');
    expect(second.connections[1]!.received.at(-1)).toEqual({
      type: 'unsubscribe',
      id: second.subscriptions[1]!.id,
    });
    expect(sockets.every((s) => isClosed(s.socket))).toBe(true);
  });

  it('reads its state at once when revoked, and only the API’s 401 makes it register again, closing the channel', async () => {
    const server = await aServer();
    const { api } = await aSubscribedDisplay(server);
    api
      .on(
        'GET',
        '/device/state',
        { status: 401, body: { message: 'This screen must register again' } },
        {
          body: {
            result: {
              bound: false,
              code: 'PQ34RS',
              code_expires_at: minutes(1440),
              poll_interval_seconds: 60,
            },
          },
        },
      )
      .ok('POST', '/device/register', {
        device_id: 'd2',
        token: 'new-token',
        code: 'PQ34RS',
        code_expires_at: minutes(24 * 60),
      });
    server.publish({ type: 'revoked' });
    await until(() => polls(api) === 3, 'the poll the event asked for');
    await until(() => server.connections[0]!.closed, 'the socket to close');
    // It registers again a second later.
    await advance(1_100);
    await until(() => api.callsTo('POST', '/device/register').length === 1, 'the new registration');
    await until(() => screen.queryByTestId('activation-code') !== null, 'the code');
    expect(screen.getByTestId('activation-code')).toHaveTextContent('PQ34RS');
    expect(JSON.parse(localStorage.getItem(DEVICE_KEY)!)).toEqual({ device_id: 'd2', token: 'new-token' });
  });

  it('keeps its pairing when the channel refuses it, and tries again later', async () => {
    const server = await aServer();
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ device_id: DEVICE_ID, token: TOKEN }));
    const api = fakeApi().on('GET', '/device/state', {
      body: { result: aRoom({ push: { ...server.push, channel: '/displays/01J0000000000000000000OTHER' } }) },
      headers: { ETag: '"v1"' },
    });
    renderApp('/display', { fakeTimers: true });
    await until(() => server.connections.length === 1 && server.connections[0]!.closed, 'the refusal');
    expect(server.connections[0]!.received.at(-1)).toMatchObject({ type: 'subscribe' });
    await advance(550);
    await until(() => server.connections.length === 2, 'the next try');
    keptItsPairing(api);
    expect(polls(api)).toBe(1);
  });
});

describe('the channel’s reconnection back-off', () => {
  it('is full jitter over 1 s doubling with each try, never past 60 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(0);
    expect(reconnectDelay(0, () => 0.999)).toBeLessThan(1_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(4_000);
    expect(reconnectDelay(30, () => 0.999)).toBeLessThan(RECONNECT_CAP_MS);
    expect(reconnectDelay(30, () => 0.999)).toBeGreaterThan(59_000);
  });
});
