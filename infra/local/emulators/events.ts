import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
// ws 7, which the tools bring (no types of its own: ws.d.ts).
import WebSocket from 'ws';
import type { ChannelAuthorizerEvent, ChannelAuthorizerResult } from '@functions/device/channel-authorizer';
import { HandlerError, loadNamespaceHandlers, type NamespaceHandlers } from './appsync-js';
import { localUrl } from './aws';
import type { Log } from './processes';

/**
 * A stand-in for AWS AppSync Events, the displays' push channel (docs/architecture.md §7), on
 * 127.0.0.1 in this process: its real-time WebSocket endpoint (`/event/realtime`, subprotocol
 * `aws-appsync-event-ws`) and its HTTP publish endpoint (`POST /event`) on one port, speaking
 * AppSync's messages (`connection_init`/`connection_ack`, `ka`, `subscribe`, `data`,
 * `unsubscribe`, errors as `{ errorType, message }`).
 *
 * Connecting and each subscribe are authorized as AppSync does with a Lambda authorizer: the
 * authorizer (functions/device/channel-authorizer.ts, called in process) gets the token the client
 * sent, and its answer is kept for that token for `ttlOverride` seconds (not at all without one);
 * then the namespace's onSubscribe handler, the deployed APPSYNC_JS file itself (`appsync-js.ts`),
 * may refuse the channel. Publishing is by IAM only: `POST /event` needs a SigV4 `Authorization`
 * (the signature is not checked), and a client's `publish` over the socket is refused.
 *
 * Bounded like the service: connections are capped, as are the size of a client's message, of a
 * publish and of an event, the events of one publish and the subscriptions of one connection.
 */

export const REALTIME_PATH = '/event/realtime';
export const PUBLISH_PATH = '/event';
/** The subprotocol of AppSync Events' real-time endpoint. */
export const EVENT_SUBPROTOCOL = 'aws-appsync-event-ws';
/** What `connection_ack` tells clients: no `ka` for this long means the connection is gone. */
export const CONNECTION_TIMEOUT_MS = 300_000;
/** AppSync sends `ka` every minute. */
export const DEFAULT_KEEP_ALIVE_MS = 60_000;
export const DEFAULT_MAX_CONNECTIONS = 20_000;
/** A client's message (connection_init, subscribe, unsubscribe) is small: larger closes the socket (1009). */
export const MAX_CLIENT_MESSAGE_BYTES = 32 * 1024;
/** AppSync Events' limits: an event's size and the events of one publish. */
export const MAX_EVENT_BYTES = 240 * 1024;
export const EVENTS_PER_PUBLISH = 5;
const MAX_PUBLISH_BYTES = EVENTS_PER_PUBLISH * MAX_EVENT_BYTES + 16 * 1024;
export const SUBSCRIPTIONS_PER_CONNECTION = 100;
/** A connection that has not read this much of what was sent to it is dropped: it reconnects. */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;
/** Answers kept for tokens; past this the expired ones go, then all. */
const MAX_CACHED_TOKENS = 50_000;
/** A channel: `/<namespace>/<segment>…`, up to five segments of letters, digits and dashes. */
const SEGMENT = /^[A-Za-z0-9-]{1,50}$/;
const MAX_SEGMENTS = 5;

export interface EventsOptions {
  /** 0 takes a free one (tests). */
  port: number;
  /** AppSync Events' Lambda authorizer of connections and subscriptions. */
  authorize(event: ChannelAuthorizerEvent): Promise<ChannelAuthorizerResult>;
  /** Each channel namespace and the APPSYNC_JS file of its handlers (or none). */
  namespaces: Record<string, string | undefined>;
  /** How often `ka` is sent. @default 60 000 */
  keepAliveMs?: number;
  /** @default 20 000 */
  maxConnections?: number;
  log: Log;
}

export interface RunningEvents {
  /** The HTTP endpoint's base, `http://127.0.0.1:<port>`. */
  httpUrl: string;
  /** `ws://127.0.0.1:<port>/event/realtime`. */
  realtimeUrl: string;
  /** Connections open now. */
  connections(): number;
  close(): Promise<void>;
}

interface ErrorEntry {
  errorType: string;
  message: string;
}

interface Subscription {
  id: string;
  channel: string;
  connection: Connection;
}

interface Connection {
  socket: WebSocket;
  subscriptions: Map<string, Subscription>;
  /** Messages are handled one after another, in the order they came. */
  queue: Promise<void>;
  admitted: boolean;
}

type Json = Record<string, unknown>;

const error = (errorType: string, message: string): ErrorEntry => ({ errorType, message });
const unauthorized = (message = 'You are not authorized to make this call.') =>
  error('UnauthorizedException', message);

/** A channel's segments, or undefined when it is not one; `*` may end a subscription's. */
export function channelSegments(channel: unknown, wildcard: boolean): string[] | undefined {
  if (typeof channel !== 'string' || !channel.startsWith('/')) return undefined;
  const segments = channel.slice(1).split('/');
  if (segments.length < 2 || segments.length > MAX_SEGMENTS) return undefined;
  const valid = segments.every(
    (segment, i) =>
      SEGMENT.test(segment) || (wildcard && i > 0 && i === segments.length - 1 && segment === '*'),
  );
  return valid ? segments : undefined;
}

/** The subprotocol `header-<base64url JSON>`: the host and `Authorization` a client connects with. */
function connectHeaders(protocols: string[]): Record<string, unknown> | undefined {
  const encoded = protocols.find((protocol) => protocol.startsWith('header-'))?.slice('header-'.length);
  if (!encoded) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : undefined;
  } catch {
    return undefined;
  }
}

const offeredProtocols = (request: IncomingMessage) =>
  (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim())
    .filter(Boolean);

/** Starts the stand-in on 127.0.0.1:`port`; its namespace files are read first. */
export async function startEvents(options: EventsOptions): Promise<RunningEvents> {
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const namespaces = new Map<string, NamespaceHandlers>();
  for (const [name, file] of Object.entries(options.namespaces))
    namespaces.set(name, file ? await loadNamespaceHandlers(file) : {});

  const connections = new Set<Connection>();
  /** Subscriptions by channel (a wildcard one under its pattern, `/displays/*`). */
  const byChannel = new Map<string, Set<Subscription>>();
  const cache = new Map<string, { result: ChannelAuthorizerResult; until: number }>();

  /** The authorizer's answer for `token`, from the cache while its `ttlOverride` lasts. */
  const authorize = async (
    token: string,
    operation: ChannelAuthorizerEvent['requestContext']['operation'],
    headers: Record<string, string>,
    channel?: string,
  ): Promise<ChannelAuthorizerResult> => {
    const now = Date.now();
    const kept = cache.get(token);
    if (kept && kept.until > now) return kept.result;
    cache.delete(token);
    const result = await options.authorize({
      authorizationToken: token,
      requestContext: {
        apiId: 'local',
        accountId: '000000000000',
        requestId: randomUUID(),
        operation,
        ...(channel ? { channelNamespaceName: channel.split('/')[1], channel } : {}),
      },
      requestHeaders: headers,
    });
    const ttl = 'ttlOverride' in result ? Number(result.ttlOverride) : 0;
    if (ttl > 0) {
      if (cache.size >= MAX_CACHED_TOKENS) {
        for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
        if (cache.size >= MAX_CACHED_TOKENS) cache.clear();
      }
      cache.set(token, { result, until: now + ttl * 1000 });
    }
    return result;
  };

  const send = (connection: Connection, message: Json) => {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_UNREAD_BYTES) socket.terminate();
    else socket.send(JSON.stringify(message));
  };

  const refuse = (connection: Connection, entry: ErrorEntry) => {
    send(connection, { type: 'connection_error', errors: [entry] });
    connection.socket.close(1008, entry.errorType);
  };

  const forget = (subscription: Subscription) => {
    subscription.connection.subscriptions.delete(subscription.id);
    const set = byChannel.get(subscription.channel);
    set?.delete(subscription);
    if (set?.size === 0) byChannel.delete(subscription.channel);
  };

  const subscribe = async (connection: Connection, message: Json, headers: Record<string, string>) => {
    const id = message.id as string;
    const answerError = (entry: ErrorEntry) =>
      send(connection, { type: 'subscribe_error', id, errors: [entry] });
    if (connection.subscriptions.has(id))
      return answerError(error('BadRequestException', 'A subscription with this id is open'));
    if (connection.subscriptions.size >= SUBSCRIPTIONS_PER_CONNECTION)
      return answerError(
        error(
          'LimitExceededException',
          `At most ${SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection`,
        ),
      );
    const segments = channelSegments(message.channel, true);
    if (!segments) return answerError(error('BadRequestException', 'Not a valid channel'));
    const channel = message.channel as string;
    const namespace = namespaces.get(segments[0]!);
    if (!namespace) return answerError(error('BadRequestException', `No channel namespace ${segments[0]}`));
    const authorization = message.authorization as Json | undefined;
    const token = authorization?.Authorization ?? authorization?.authorization;
    if (typeof token !== 'string' || !token) return answerError(unauthorized());
    let verdict: ChannelAuthorizerResult;
    try {
      verdict = await authorize(token, 'EVENT_SUBSCRIBE', headers, channel);
    } catch (failure) {
      options.log(`AppSync Events stand-in: the authorizer failed: ${(failure as Error).message}`);
      return answerError(error('InternalFailureException', 'The authorizer failed'));
    }
    if (!verdict.isAuthorized) return answerError(unauthorized());
    try {
      namespace.onSubscribe?.({
        identity: { handlerContext: { ...verdict.handlerContext } },
        info: {
          channel: { path: channel, segments },
          channelNamespace: { name: segments[0]! },
          operation: 'SUBSCRIBE',
        },
        request: { headers, domainName: null },
        stash: {},
      });
    } catch (failure) {
      return answerError(
        failure instanceof HandlerError
          ? error(failure.errorType, failure.message)
          : error('CodeHandlerError', (failure as Error).message || 'The handler failed'),
      );
    }
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    const subscription: Subscription = { id, channel, connection };
    connection.subscriptions.set(id, subscription);
    let set = byChannel.get(channel);
    if (!set) byChannel.set(channel, (set = new Set()));
    set.add(subscription);
    send(connection, { type: 'subscribe_success', id });
  };

  const handleMessage = async (
    connection: Connection,
    data: string | Buffer,
    headers: Record<string, string>,
  ) => {
    let message: Json | undefined;
    try {
      const parsed = JSON.parse(typeof data === 'string' ? data : data.toString('utf8')) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) message = parsed as Json;
    } catch {
      // Answered below.
    }
    if (!message || typeof message.type !== 'string')
      return send(connection, {
        type: 'error',
        errors: [error('BadRequestException', 'A message is a JSON object with a type')],
      });
    const { type, id } = message;
    const hasId = typeof id === 'string' && id.length > 0 && id.length <= 128;
    switch (type) {
      case 'connection_init':
        send(connection, { type: 'connection_ack', connectionTimeoutMs: CONNECTION_TIMEOUT_MS });
        return send(connection, { type: 'ka' });
      case 'subscribe':
      case 'unsubscribe':
      case 'publish':
        if (!hasId)
          return send(connection, {
            type: 'error',
            errors: [error('BadRequestException', `A ${type} needs an id`)],
          });
        break;
      default:
        return send(connection, {
          type: 'error',
          id,
          errors: [error('UnsupportedOperation', `Unknown message type ${type.slice(0, 40)}`)],
        });
    }
    if (type === 'subscribe') return subscribe(connection, message, headers);
    if (type === 'publish')
      return send(connection, {
        type: 'publish_error',
        id,
        errors: [unauthorized('Publishing to this API is for IAM only, over HTTP')],
      });
    const subscription = connection.subscriptions.get(id as string);
    if (!subscription)
      return send(connection, {
        type: 'unsubscribe_error',
        id,
        errors: [error('BadRequestException', 'No subscription with this id')],
      });
    forget(subscription);
    send(connection, { type: 'unsubscribe_success', id });
  };

  const webSockets = new WebSocket.Server({
    noServer: true,
    maxPayload: MAX_CLIENT_MESSAGE_BYTES,
    clientTracking: false,
    perMessageDeflate: false,
    // ws 7 hands an array, ws 8 a Set.
    handleProtocols: (protocols) => (new Set(protocols).has(EVENT_SUBPROTOCOL) ? EVENT_SUBPROTOCOL : false),
  });

  const onConnection = (socket: WebSocket, request: IncomingMessage) => {
    const connection: Connection = {
      socket,
      subscriptions: new Map(),
      queue: Promise.resolve(),
      admitted: false,
    };
    socket.on('error', () => socket.terminate());
    if (connections.size >= maxConnections) {
      refuse(connection, error('LimitExceededException', 'Too many connections'));
      return;
    }
    connections.add(connection);
    socket.on('close', () => {
      connections.delete(connection);
      for (const subscription of [...connection.subscriptions.values()]) forget(subscription);
    });
    const given = connectHeaders(offeredProtocols(request)) ?? {};
    const token = given.Authorization ?? given.authorization;
    const headers: Record<string, string> = { host: String(given.host ?? request.headers.host ?? '') };
    const admitted = (async () => {
      let refusal: ErrorEntry | undefined = unauthorized();
      if (typeof token === 'string' && token) {
        try {
          if ((await authorize(token, 'EVENT_CONNECT', headers)).isAuthorized) refusal = undefined;
        } catch (failure) {
          options.log(`AppSync Events stand-in: the authorizer failed: ${(failure as Error).message}`);
          refusal = error('InternalFailureException', 'The authorizer failed');
        }
      }
      if (refusal) refuse(connection, refusal);
      else connection.admitted = true;
      return connection.admitted;
    })();
    connection.queue = admitted.then(() => undefined);
    socket.on('message', (data) => {
      connection.queue = connection.queue.then(async () => {
        if (!(await admitted)) return;
        await handleMessage(connection, data, headers).catch((failure: unknown) =>
          options.log(`AppSync Events stand-in: ${(failure as Error).stack}`),
        );
      });
    });
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };

  const publish = async (request: IncomingMessage, response: ServerResponse) => {
    if (!/^AWS4-HMAC-SHA256\s/.test(request.headers.authorization ?? ''))
      return answer(response, 401, { errors: [unauthorized('Publishing needs a SigV4 (IAM) signature')] });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_PUBLISH_BYTES) {
        response.setHeader('connection', 'close');
        return answer(response, 413, { errors: [error('BadRequestException', 'The request is too large')] });
      }
      chunks.push(chunk as Buffer);
    }
    let body: Json | undefined;
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
    } catch {
      // Answered below.
    }
    const bad = (message: string) =>
      answer(response, 400, { errors: [error('BadRequestException', message)] });
    if (!body) return bad('The body is a JSON object: { "channel", "events" }');
    const segments = channelSegments(body.channel, false);
    if (!segments) return bad('Not a valid channel');
    if (!namespaces.has(segments[0]!)) return bad(`No channel namespace ${segments[0]}`);
    const events = body.events;
    if (
      !Array.isArray(events) ||
      events.length < 1 ||
      events.length > EVENTS_PER_PUBLISH ||
      !events.every((event) => typeof event === 'string')
    )
      return bad(`events is a list of 1 to ${EVENTS_PER_PUBLISH} JSON texts`);
    const channel = body.channel as string;
    const listeners = [
      ...(byChannel.get(channel) ?? []),
      // `/displays/*` hears `/displays/<id>` and below.
      ...segments
        .slice(0, -1)
        .flatMap((_, i) => [...(byChannel.get(`/${segments.slice(0, i + 1).join('/')}/*`) ?? [])]),
    ];
    const successful: Json[] = [];
    const failed: Json[] = [];
    (events as string[]).forEach((event, index) => {
      const identifier = randomUUID();
      let valid = Buffer.byteLength(event) <= MAX_EVENT_BYTES;
      try {
        if (valid) JSON.parse(event);
      } catch {
        valid = false;
      }
      if (!valid) {
        failed.push({ identifier, index, code: 400, message: 'An event is a JSON text of at most 240 KB' });
        return;
      }
      successful.push({ identifier, index });
      for (const subscription of listeners)
        send(subscription.connection, { type: 'data', id: subscription.id, event });
    });
    answer(response, 200, { successful, failed });
  };

  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== PUBLISH_PATH || request.method !== 'POST') {
      answer(response, 404, { errors: [error('NotFoundException', 'Not found')] });
      return;
    }
    publish(request, response).catch((failure: unknown) => {
      options.log(`AppSync Events stand-in: ${(failure as Error).stack}`);
      if (!response.headersSent)
        answer(response, 500, { errors: [error('InternalFailureException', 'Failed')] });
      else response.end();
    });
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const status =
      path !== REALTIME_PATH
        ? '404 Not Found'
        : !offeredProtocols(request).includes(EVENT_SUBPROTOCOL)
          ? '400 Bad Request'
          : undefined;
    if (status) {
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    webSockets.handleUpgrade(request, socket, head, onConnection);
  });

  const keepAlive = setInterval(() => {
    for (const connection of connections) if (connection.admitted) send(connection, { type: 'ka' });
  }, keepAliveMs);
  keepAlive.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => resolve());
    });
  } catch (failure) {
    clearInterval(keepAlive);
    throw failure;
  }
  const { port } = server.address() as AddressInfo;
  options.log(`AppSync Events stand-in on ${localUrl(port)}`);

  let closing: Promise<void> | undefined;
  return {
    httpUrl: localUrl(port),
    realtimeUrl: `ws://127.0.0.1:${port}${REALTIME_PATH}`,
    connections: () => connections.size,
    close: () =>
      (closing ??= (async () => {
        clearInterval(keepAlive);
        for (const connection of connections) connection.socket.terminate();
        connections.clear();
        byChannel.clear();
        webSockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })()),
  };
}

/** Whether the AppSync Events stand-in answers on `port` (what holds a port that is taken). */
export async function answersLikeEvents(port: number): Promise<boolean> {
  try {
    const response = await fetch(`${localUrl(port)}${PUBLISH_PATH}`, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await response.json()) as { errors?: Array<{ errorType?: string }> };
    return response.status === 401 && body.errors?.[0]?.errorType === 'UnauthorizedException';
  } catch {
    return false;
  }
}
