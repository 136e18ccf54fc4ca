import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { API_BASE } from '@shared/api/routes';

/**
 * A simulated room display, as the display app behaves (web/src/features/display): it holds its
 * device token and polls `GET /device/state` with the last ETag in If-None-Match, every
 * `intervalSeconds` with jitter. The fleet bench (bench/fleet.bench.ts) runs thousands of them on
 * one loopback agent. This is the one place the display's behaviour lives: the push channel's
 * subscription, and the time from a change to the display seeing it, belong here too (a display
 * that hears `changed` polls at once; `onPoll` sees every answer).
 */

/** One answer a display got: its status (0 for a network error), time and bytes downloaded. */
export interface PollOutcome {
  status: number;
  ms: number;
  /** Bytes of the answer: status line and headers, and body. */
  bytes: number;
  /** `performance.now()` when the answer came. */
  at: number;
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
  ): Promise<{ status: number; etag?: string; bytes: number }>;
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
            let bytes = 0;
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => {
              const headerBytes = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 17;
              const etag = response.headers.etag;
              resolve({ status: response.statusCode ?? 0, etag, bytes: bytes + headerBytes });
            });
            response.on('error', () => resolve({ status: 0, bytes }));
          },
        );
        request.on('error', () => resolve({ status: 0, bytes: 0 }));
      }),
    close: () => agent.destroy(),
  };
}

export class FleetDisplay {
  etag: string | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<unknown> = Promise.resolve();

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
    const outcome = { status: answer.status, ms: at - started, bytes: answer.bytes, at };
    this.onPoll(outcome, this);
    return outcome;
  }

  /**
   * Polls every `intervalSeconds` (plus up to `jitter` of it, at random) until `stop()`, the first
   * after `firstDelayMs`.
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
          if (!this.stopped) next(intervalSeconds * 1000 * (1 + jitter * random()));
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
        () => resolve({ status: NO_ANSWER_IN_TIME, ms: limitMs, bytes: 0, at: started + limitMs }),
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
