/**
 * The room display's push channel (docs/architecture.md §7): a WebSocket to AppSync Events,
 * subscribed to the device's own channel (`/displays/<deviceId>`) with its device token. What
 * comes down it is a nudge, never room data: `changed` (what the room shows changed) or `revoked`
 * (the device no longer shows its screen); either way the display reads its state at once. The
 * display polls as well, less often while subscribed: the channel only makes changes show sooner.
 *
 * The protocol: subprotocols `aws-appsync-event-ws` and `header-<base64url of {host,
 * Authorization}>`; `connection_init` → `connection_ack` (with `connectionTimeoutMs`);
 * `subscribe` with the same authorization → `subscribe_success`; `ka` now and then; `data` per
 * event. A connection that fails, is refused, or hears no `ka` within `connectionTimeoutMs` is
 * dropped and opened again after an exponential back-off with full jitter (1 s base, 60 s cap),
 * which starts over once a subscription has succeeded.
 */

/** Where the device's channel is, as its state names it (`push`). */
export interface PushChannel {
  /** The realtime endpoint (`wss://…/event/realtime`). */
  url: string;
  /** The HTTP host of the Events API, which the authorization names. */
  host: string;
  /** `/displays/<deviceId>` */
  channel: string;
}

export type Nudge = 'changed' | 'revoked';

export interface ChannelOptions {
  push: PushChannel;
  /** The device's token (the channel's Lambda authorizer checks it as the API does). */
  token: string;
  /** An event arrived: read the state now. */
  onNudge: (nudge: Nudge) => void;
  /** The subscription now holds (true), or is down until a reconnection succeeds (false). */
  onStatus: (subscribed: boolean) => void;
  /** [0, 1): the back-off's jitter (a parameter for the tests). */
  random?: () => number;
}

export interface Channel {
  /** Unsubscribes and closes the socket; no callback is made afterwards. */
  close(): void;
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 60_000;
/** How long opening a connection and subscribing may take before it counts as failed. */
export const CONNECT_TIMEOUT_MS = 15_000;
/** How long without a `ka` counts as a dead connection when `connection_ack` does not say. */
const DEFAULT_CONNECTION_TIMEOUT_MS = 300_000;

/** The wait before reconnection number `attempt` (0 first): full jitter over 1 s × 2^attempt, at most 60 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** attempt));
}

/** base64url without padding, of ASCII text. */
function base64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The subprotocol that carries the connection's authorization. */
export function authorizationProtocol(host: string, token: string): string {
  return `header-${base64url(JSON.stringify({ host, Authorization: token }))}`;
}

/** A random UUID (v4), also where `crypto.randomUUID` is missing (outside a secure context). */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function parse(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Opens the device's channel and keeps it open (reconnecting) until `close()`. */
export function openChannel({
  push,
  token,
  onNudge,
  onStatus,
  random = Math.random,
}: ChannelOptions): Channel {
  let closed = false;
  let socket: WebSocket | null = null;
  let subscriptionId: string | null = null;
  let subscribed = false;
  /** Reconnections since the last subscription that succeeded. */
  let attempt = 0;
  /** The reconnection's wait, or the watchdog of the open connection (no answer, no `ka`). */
  let timer: ReturnType<typeof setTimeout> | undefined;
  let keepAliveMs = DEFAULT_CONNECTION_TIMEOUT_MS;
  const authorization = { host: push.host, Authorization: token };

  const setStatus = (value: boolean) => {
    if (value === subscribed) return;
    subscribed = value;
    onStatus(value);
  };
  const watch = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => drop(), ms);
  };
  const send = (message: unknown) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const release = () => {
    const old = socket;
    socket = null;
    subscriptionId = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onerror = old.onclose = null;
    if (old.readyState === WebSocket.CONNECTING || old.readyState === WebSocket.OPEN) old.close(1000);
  };

  /** The connection failed, was refused or went quiet: down until a later try succeeds. */
  function drop() {
    if (closed) return;
    release();
    setStatus(false);
    clearTimeout(timer);
    timer = setTimeout(connect, reconnectDelay(attempt, random));
    attempt += 1;
  }

  function connect() {
    if (closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(push.url, ['aws-appsync-event-ws', authorizationProtocol(push.host, token)]);
    } catch {
      drop();
      return;
    }
    socket = ws;
    watch(CONNECT_TIMEOUT_MS);
    ws.onopen = () => send({ type: 'connection_init' });
    ws.onerror = () => drop();
    ws.onclose = () => drop();
    ws.onmessage = (message: MessageEvent) => {
      const frame = parse(message.data);
      if (!frame) return;
      switch (frame.type) {
        case 'connection_ack': {
          const ms = Number(frame.connectionTimeoutMs);
          keepAliveMs = Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_CONNECTION_TIMEOUT_MS;
          subscriptionId = uuid();
          send({ type: 'subscribe', id: subscriptionId, channel: push.channel, authorization });
          watch(CONNECT_TIMEOUT_MS);
          return;
        }
        case 'subscribe_success':
          if (frame.id !== subscriptionId) return;
          attempt = 0;
          watch(keepAliveMs);
          setStatus(true);
          return;
        case 'ka':
          if (subscribed) watch(keepAliveMs);
          return;
        case 'data': {
          if (frame.id !== subscriptionId) return;
          const type = parse(frame.event)?.type;
          if (type === 'changed' || type === 'revoked') onNudge(type);
          return;
        }
        case 'connection_error':
        case 'subscribe_error':
        case 'error':
          drop();
          return;
        default:
      }
    };
  }

  connect();
  return {
    close() {
      if (closed) return;
      if (subscriptionId) send({ type: 'unsubscribe', id: subscriptionId });
      closed = true;
      clearTimeout(timer);
      release();
    },
  };
}
