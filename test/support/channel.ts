import { inject } from 'vitest';

/**
 * A room display's connection to the push channel, over a real socket, as the display app opens it
 * (AppSync Events' protocol, docs/architecture.md §7): the local stand-in the test system runs
 * (infra/local/emulators/events.ts) answers it.
 */

const env = inject('emulatorEnv');
/** The channel's HTTP host, which a connection names in its authorization. */
export const HOST = new URL(env.EVENTS_HTTP_URL!).host;
/** How long a message may take to come; the channel answers within milliseconds. */
const WAIT_MS = 5_000;

export type Message = { type: string; id?: string; [key: string]: unknown };

/** A display's connection: the messages it heard, and a wait for the next one of a kind. */
export class Channel {
  readonly heard: Message[] = [];
  readonly closed: Promise<{ code: number }>;
  private wake = () => {};

  constructor(readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      this.heard.push(JSON.parse(String(event.data)) as Message);
      this.wake();
    });
    this.closed = new Promise((resolve) => socket.addEventListener('close', (event) => resolve(event)));
  }

  /** Opens a connection as a display does: the subprotocol and its token in a `header-` one. */
  static open(token: string, url = env.EVENTS_REALTIME_URL!, host = HOST): Channel {
    const header = Buffer.from(JSON.stringify({ host, Authorization: token })).toString('base64url');
    return new Channel(new WebSocket(url, ['aws-appsync-event-ws', `header-${header}`]));
  }

  send(message: object): void {
    const send = () => this.socket.send(JSON.stringify(message));
    if (this.socket.readyState === WebSocket.OPEN) send();
    else this.socket.addEventListener('open', send, { once: true });
  }

  /** The next message heard that `matches` (from those heard so far, in order, on). */
  async next(matches: (message: Message) => boolean, what: string, from = 0): Promise<Message> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.heard.slice(from).find(matches);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`No ${what} within ${WAIT_MS} ms; heard ${JSON.stringify(this.heard)}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  nextOf(type: string, id?: string): Promise<Message> {
    return this.next((message) => message.type === type && (id === undefined || message.id === id), type);
  }

  /** connection_init, answered by connection_ack. */
  async init(): Promise<Message> {
    this.send({ type: 'connection_init' });
    return this.nextOf('connection_ack');
  }

  subscribe(id: string, channel: string, token: string): Promise<Message> {
    this.send({ type: 'subscribe', id, channel, authorization: { host: HOST, Authorization: token } });
    return this.next(
      (message) => message.id === id && ['subscribe_success', 'subscribe_error'].includes(message.type),
      `answer to subscribe ${id}`,
    );
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * A display's subscription to its own channel, opened and acknowledged: `events()` answers what it
 * was told so far, parsed.
 */
export async function listen(token: string, deviceId: string) {
  const channel = Channel.open(token);
  await channel.init();
  const answer = await channel.subscribe(crypto.randomUUID(), `/displays/${deviceId}`, token);
  if (answer.type !== 'subscribe_success') throw new Error(`Not subscribed: ${JSON.stringify(answer)}`);
  return {
    channel,
    events: () =>
      channel.heard
        .filter((message) => message.type === 'data')
        .map((message) => JSON.parse(String(message.event)) as { type: string; version?: number }),
    close: () => channel.close(),
  };
}
