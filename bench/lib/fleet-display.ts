import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { API_BASE } from '@shared/api/routes';
import { displayChannel } from '@shared/devices';

/**
 * A simulated room display, as the display app behaves (web/src/features/display): it holds its
 * device token, subscribes to its own push channel (AppSync Events' WebSocket protocol,
 * docs/architecture.md §7), polls `GET /device/state` with the last ETag in If-None-Match at once
 * when the channel says `changed` or `revoked`, and on its own every `intervalSeconds` with jitter
 * (the heartbeat). The fleet bench (bench/fleet.bench.ts) runs thousands of them on one loopback
 * agent; `onPoll` sees every answer, with its body, so the bench can time a change to its display.
 */

/** One answer a display got: its status (0 for a network error), time and bytes downloaded. */
export interface PollOutcome {
  status: number;
  ms: number;
  /** Bytes of the answer: status line and headers, and body. */
  bytes: number;
  /** `performance.now()` when the answer came. */
  at: number;
  /** The answer's body (empty for a 304). */
  body: string;
}

/** The device a display holds: its token (`<device id>.<secret>`). */
export interface DeviceCredentials {
  deviceId: string;
  token: string;
}

export interface FleetTransport {
  /** GET `path` (under the API) with `headers`; resolves with the answer, never rejects. */
  get(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; etag?: string; bytes: number; body: string }>;
  close(): void;
}

/**
 * The fleet's HTTP client: one keep-alive agent with at most `sockets` connections to the API, as
 * many displays behind a few NATs would look locally; requests beyond them wait for a socket.
 */
export function loopbackTransport(baseUrl: string, sockets = 256): FleetTransport {
  const url = new URL(`${baseUrl}${API_BASE}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  return {
    get: (path, headers) =>
      new Promise((resolve) => {
        const request = http.get(
          { host: url.hostname, port: url.port, path: `${url.pathname}${path}`, headers, agent },
          (response) => {
            const chunks: Buffer[] = [];
            let bytes = 0;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              chunks.push(chunk);
            });
            response.on('end', () => {
              const headerBytes = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 17;
              const etag = response.headers.etag;
              const body = Buffer.concat(chunks).toString('utf8');
              resolve({ status: response.statusCode ?? 0, etag, bytes: bytes + headerBytes, body });
            });
            response.on('error', () => resolve({ status: 0, bytes, body: '' }));
          },
        );
        request.on('error', () => resolve({ status: 0, bytes: 0, body: '' }));
      }),
    close: () => agent.destroy(),
  };
}

/** Where a display's push channel is: the realtime URL and the HTTP host its authorization names. */
export interface PushEndpoint {
  url: string;
  host: string;
}

/** How a display's channel went: subscribed, or why not. */
export type ChannelOutcome = { ok: true; ms: number } | { ok: false; ms: number; reason: string };

/** How long a display waits for the channel's acknowledgements before it counts the attempt failed. */
const CHANNEL_WAIT_MS = 30_000;

export class FleetDisplay {
  etag: string | undefined;
  /** Whether its channel is subscribed now (then it polls every PUSH_POLL_SECONDS). */
  subscribed = false;
  /** `changed` and `revoked` events heard on its channel. */
  heard = 0;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> = Promise.resolve();
  private socket: WebSocket | undefined;

  constructor(
    readonly device: DeviceCredentials,
    private readonly transport: FleetTransport,
    private readonly onPoll: (outcome: PollOutcome, display: FleetDisplay) => void = () => {},
  ) {}

  /** One poll of the display's state, with its ETag as the display sends it. */
  async poll(): Promise<PollOutcome> {
    const started = performance.now();
    const answer = await this.transport.get('/device/state', {
      authorization: `Bearer ${this.device.token}`,
      ...(this.etag ? { 'if-none-match': this.etag } : {}),
    });
    if (answer.status === 200 && answer.etag) this.etag = answer.etag;
    const at = performance.now();
    const outcome = { status: answer.status, ms: at - started, bytes: answer.bytes, at, body: answer.body };
    this.onPoll(outcome, this);
    return outcome;
  }

  /**
   * Connects to the push channel as the display app does: the `aws-appsync-event-ws` subprotocol
   * and its token in a `header-` one, `connection_init`, then a subscription to its own channel
   * with its token. Resolves once subscribed (or refused, or timed out); from then on `changed`
   * or `revoked` makes it poll at once.
   */
  connect(push: PushEndpoint): Promise<ChannelOutcome> {
    this.disconnect();
    const started = performance.now();
    const authorization = { host: push.host, Authorization: this.device.token };
    const header = Buffer.from(JSON.stringify(authorization)).toString('base64url');
    const socket = new WebSocket(push.url, ['aws-appsync-event-ws', `header-${header}`]);
    this.socket = socket;
    const id = crypto.randomUUID();
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: ChannelOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.subscribed = outcome.ok;
        if (!outcome.ok) socket.close();
        resolve(outcome);
      };
      const fail = (reason: string) => settle({ ok: false, ms: performance.now() - started, reason });
      const timer = setTimeout(() => fail('no acknowledgement in time'), CHANNEL_WAIT_MS);
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      socket.addEventListener('error', () => fail('socket error'));
      socket.addEventListener('close', () => {
        if (this.socket === socket) this.subscribed = false;
        fail('closed');
      });
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; id?: string; event?: string };
        if (message.type === 'connection_ack') {
          const channel = displayChannel(this.device.deviceId);
          socket.send(JSON.stringify({ type: 'subscribe', id, channel, authorization }));
        } else if (message.type === 'subscribe_success' && message.id === id) {
          settle({ ok: true, ms: performance.now() - started });
        } else if (message.type === 'connection_error' || message.type === 'subscribe_error') {
          fail(message.type);
        } else if (message.type === 'data' && message.id === id) {
          const { type } = JSON.parse(String(message.event)) as { type: string };
          if (type === 'changed' || type === 'revoked') {
            this.heard += 1;
            this.inFlight = this.poll();
          }
        }
      });
    });
  }

  /**
   * Connects as the display app reconnects: after a failed attempt it waits a random time up to
   * 1 s doubled per attempt (at most 60 s), and tries again until `limitMs` has passed.
   */
  async reconnect(
    push: PushEndpoint,
    limitMs: number,
    random: () => number = Math.random,
  ): Promise<ChannelOutcome & { attempts: number }> {
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.connect(push);
      const ms = performance.now() - started;
      if (outcome.ok || ms >= limitMs) return { ...outcome, ms, attempts: attempt };
      const wait = random() * Math.min(60_000, 1_000 * 2 ** (attempt - 1));
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, limitMs - ms)));
    }
  }

  /** Closes its channel (as a network outage drops it). */
  disconnect(): void {
    this.subscribed = false;
    this.socket?.close();
    this.socket = undefined;
  }

  /**
   * Polls every `intervalSeconds` (jittered by up to `jitter` of it either way, at random) until
   * `stop()`, the first after `firstDelayMs`.
   */
  start(
    intervalSeconds: number,
    jitter: number,
    firstDelayMs: number,
    random: () => number = Math.random,
  ): void {
    this.stopped = false;
    const next = (delay: number) => {
      this.timer = setTimeout(() => {
        if (this.stopped) return;
        this.inFlight = this.poll().then(() => {
          if (!this.stopped) next(intervalSeconds * 1000 * (1 + jitter * (2 * random() - 1)));
        });
      }, delay);
    };
    next(firstDelayMs);
  }

  /** Stops polling; resolves once a poll under way has its answer. */
  stop(): Promise<unknown> {
    this.stopped = true;
    clearTimeout(this.timer);
    return this.inFlight;
  }
}

/**
 * Connects every display to its channel, at most `concurrency` handshakes at a time (displays
 * that started at different times do not open their sockets in one instant).
 */
export async function connectFleet(
  displays: readonly FleetDisplay[],
  push: PushEndpoint,
  concurrency = 64,
): Promise<ChannelOutcome[]> {
  const outcomes: ChannelOutcome[] = new Array(displays.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, displays.length) }, async () => {
      while (next < displays.length) {
        const i = next++;
        outcomes[i] = await displays[i]!.connect(push);
      }
    }),
  );
  return outcomes;
}

/**
 * Runs `displays` polling every `intervalSeconds` for `durationMs`, their first polls spread over
 * one interval (as displays that started at different times are), and stops them.
 */
export async function runFleet(
  displays: readonly FleetDisplay[],
  { intervalSeconds, jitter, durationMs }: { intervalSeconds: number; jitter: number; durationMs: number },
): Promise<void> {
  displays.forEach((display, i) =>
    display.start(intervalSeconds, jitter, (i / displays.length) * intervalSeconds * 1000),
  );
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  await Promise.all(displays.map((display) => display.stop()));
}

/** The status of a poll still unanswered when a storm's time was up. */
export const NO_ANSWER_IN_TIME = -1;

/**
 * Every display polls at once (after an outage, as their back-offs end together); resolves when
 * all answered, or after `limitMs` with the polls still waiting as {@link NO_ANSWER_IN_TIME}.
 */
export async function storm(displays: readonly FleetDisplay[], limitMs = Infinity): Promise<PollOutcome[]> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<PollOutcome>((resolve) => {
    if (Number.isFinite(limitMs)) {
      timer = setTimeout(
        () => resolve({ status: NO_ANSWER_IN_TIME, ms: limitMs, bytes: 0, at: started + limitMs, body: '' }),
        limitMs,
      );
    }
  });
  try {
    return await Promise.all(displays.map((display) => Promise.race([display.poll(), timeUp])));
  } finally {
    clearTimeout(timer);
  }
}
