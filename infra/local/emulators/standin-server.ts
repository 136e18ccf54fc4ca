import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { localUrl } from './aws';
import { LOCAL_INTROSPECTION_CLIENT } from './calendar-clients';
import type { Log } from './processes';

/**
 * What the two calendar stand-ins (`google-calendar.ts`, `microsoft-graph.ts`) share: an HTTP
 * server on 127.0.0.1 that reads JSON, checks bearer tokens at the local OpenID provider, fails
 * on request (`/_local/faults`) and answers errors in its provider's shape. Their data lives in
 * this process's memory: a fresh start is empty, as the OpenID provider's grants are.
 */

/** Who an access token speaks for, as the OpenID provider's introspection endpoint says. */
export interface TokenOwner {
  sub: string;
  /** Lower case: calendars belong to an address. */
  email: string;
  scopes: Set<string>;
}

/** Looks an access token up; `undefined` when it is unknown, expired, revoked or for another API. */
export type TokenCheck = (token: string) => Promise<TokenOwner | undefined>;

/**
 * Checks tokens at `issuer`'s RFC 7662 introspection endpoint, as the stand-ins' resource server,
 * asking each time (a revoked grant is refused at once) and accepting only tokens whose audience
 * is `audience`.
 */
export function introspection(issuer: string, audience: string): TokenCheck {
  const basic = Buffer.from(
    `${LOCAL_INTROSPECTION_CLIENT.clientId}:${LOCAL_INTROSPECTION_CLIENT.clientSecret}`,
  ).toString('base64');
  return async (token) => {
    const response = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`The OpenID provider's introspection answered ${response.status}`);
    const answer = (await response.json()) as Record<string, unknown>;
    const audiences = Array.isArray(answer.aud) ? answer.aud : [answer.aud];
    if (answer.active !== true || answer.token_type === undefined || !audiences.includes(audience)) return;
    if (typeof answer.sub !== 'string' || typeof answer.email !== 'string') return;
    return {
      sub: answer.sub,
      email: answer.email.toLowerCase(),
      scopes: new Set(String(answer.scope ?? '').split(' ')),
    };
  };
}

/** An error answer; each stand-in shapes `reason` and `message` as its provider does. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer with a JSON body. */
export const reply = (status: number, body: unknown): Reply => ({ status, body });

export interface Incoming {
  method: string;
  url: URL;
  /** The path's segments, decoded. */
  segments: string[];
  headers: IncomingHttpHeaders;
  /** The JSON body, when there is one. */
  body: Record<string, unknown> | undefined;
}

/** A failure the next requests of the provider's API meet (`POST /_local/faults`). */
export interface Fault {
  status: number;
  remaining: number;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
}

export interface StandInDefinition {
  port: number;
  /** For logs: "Google Calendar stand-in". */
  label: string;
  log: Log;
  /** The provider's API; `faults` have been met before it is called. */
  api(request: Incoming): Promise<Reply>;
  /** `/_local/…` routes of its own (calendars, events, sync); faults and reset are handled here. */
  control(request: Incoming): Promise<Reply>;
  /** The provider's error body. */
  errorBody(error: StandInError): unknown;
  /** The provider's reason and message for a fault's status. */
  faultError(status: number): { reason: string; message: string };
  /** Forgets every calendar, event and sync state. */
  reset(): void;
}

export interface RunningStandIn {
  url: string;
  close(): Promise<void>;
}

/** The largest request body a stand-in reads. */
export const MAX_BODY = 1_000_000;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new StandInError(413, 'tooLarge', 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw new StandInError(400, 'parseError', 'The request body is not a JSON object');
}

/** An opaque token for paging and sync states, of the kind providers hand out. */
export function opaqueToken(): string {
  return randomBytes(18).toString('base64url');
}

/** The bearer token of a request, if it sent one. */
export function bearerOf(headers: IncomingHttpHeaders): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
}

/** Starts a stand-in on 127.0.0.1:`port`. */
export async function startStandIn(definition: StandInDefinition): Promise<RunningStandIn> {
  const faults: Fault[] = [];

  const faultControl = (request: Incoming): Reply => {
    if (request.method === 'GET') return { status: 200, body: { faults } };
    if (request.method === 'DELETE') {
      faults.length = 0;
      return { status: 204 };
    }
    const { status, count = 1, retryAfter } = request.body ?? {};
    const valid =
      Number.isInteger(status) &&
      (status as number) >= 400 &&
      (status as number) <= 599 &&
      Number.isInteger(count) &&
      (count as number) >= 1 &&
      (retryAfter === undefined || (Number.isInteger(retryAfter) && (retryAfter as number) >= 0));
    if (!valid)
      throw new StandInError(
        400,
        'invalid',
        'Send { "status": 400-599, "count"?: 1 or more, "retryAfter"?: seconds }',
      );
    faults.push({
      status: status as number,
      remaining: count as number,
      ...(retryAfter === undefined ? {} : { retryAfter: retryAfter as number }),
    });
    return { status: 201, body: { faults } };
  };

  const route = async (request: Incoming): Promise<Reply> => {
    if (request.segments[0] === '_local') {
      if (request.segments[1] === 'faults' && request.segments.length === 2) return faultControl(request);
      if (request.segments[1] === 'reset' && request.method === 'POST') {
        faults.length = 0;
        definition.reset();
        return { status: 204 };
      }
      return definition.control(request);
    }
    const fault = faults[0];
    if (fault) {
      if (--fault.remaining <= 0) faults.shift();
      const { reason, message } = definition.faultError(fault.status);
      throw new StandInError(
        fault.status,
        reason,
        message,
        fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) },
      );
    }
    return definition.api(request);
  };

  const server: Server = createServer((req, res) => {
    const send = (reply: Reply) => {
      const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
      if (reply.body === undefined) {
        res.writeHead(reply.status, headers).end();
        return;
      }
      headers['content-type'] ??= 'application/json; charset=UTF-8';
      res.writeHead(reply.status, headers).end(JSON.stringify(reply.body, null, 1));
    };
    (async () => {
      const url = new URL(req.url ?? '/', localUrl(definition.port));
      const segments = url.pathname
        .split('/')
        .filter(Boolean)
        .map((segment) => decodeURIComponent(segment));
      const method = req.method ?? 'GET';
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? await readJson(req) : undefined;
      send(await route({ method, url, segments, headers: req.headers, body }));
    })().catch((error: unknown) => {
      const failure =
        error instanceof StandInError
          ? error
          : new StandInError(500, 'backendError', (error as Error).message || 'Internal error');
      if (!(error instanceof StandInError)) definition.log(`${definition.label}: ${(error as Error).stack}`);
      if (res.headersSent) return void res.end();
      send({ status: failure.status, body: definition.errorBody(failure), headers: failure.headers });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(definition.port, '127.0.0.1', () => resolve());
  });
  return {
    url: localUrl(definition.port),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a calendar stand-in answers its control API on `port` (what holds a port that is taken). */
export async function answersLikeStandIn(port: number): Promise<boolean> {
  try {
    const response = await fetch(`${localUrl(port)}/_local/faults`, { signal: AbortSignal.timeout(2_000) });
    return response.ok && Array.isArray(((await response.json()) as { faults?: unknown }).faults);
  } catch {
    return false;
  }
}

/** A string field of a JSON body, or a 400 in the provider's words. */
export function stringField(body: Record<string, unknown> | undefined, name: string): string {
  const value = body?.[name];
  if (typeof value !== 'string' || !value.trim())
    throw new StandInError(400, 'required', `Required: ${name}`);
  return value.trim();
}
