import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'aws-lambda';
import { API_BASE, routes, type RouteDef, type RouteGroup } from '@shared/api/routes';
import { env } from '@core/env';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '@core/http/edge';
import type { ApiEvent, ApiResult, RouteHandler } from '@core/http/route-factory';

/** API Gateway's payload limit for HTTP APIs. */
const maxBodyBytes = 10 * 1024 * 1024;

/**
 * Routes in the order API Gateway prefers them: at the first segment where two differ, a literal
 * segment before a `{param}` (`/admin/account/{id}/users` before `/admin/account/{id}/{status}`).
 */
const segments = (path: string) => path.split('/').map((segment) => (segment.startsWith('{') ? 1 : 0));
const bySpecificity = (a: RouteDef, b: RouteDef) => {
  const [x, y] = [segments(a.path), segments(b.path)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  // A total order (shorter first on a common prefix), or the sort may leave a literal behind a param.
  return x.length - y.length;
};

const compiled = [...routes].sort(bySpecificity).map((route) => ({
  route,
  pattern: new RegExp(
    `^${(API_BASE + route.path).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`,
  ),
}));

/**
 * A path parameter decoded as API Gateway passes it on; an escape that decodes to nothing (`%`,
 * `%zz`, a cut UTF-8 sequence) is passed on as sent, and the route's validation refuses it.
 */
function decodePathParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function matchRoute(
  method: string,
  path: string,
): { route: RouteDef; params: Record<string, string> } | undefined {
  for (const { route, pattern } of compiled) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (match) {
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodePathParameter(v)]),
      );
      return { route, params };
    }
  }
  return undefined;
}

const groupHandlers = new Map<RouteGroup, Promise<RouteHandler>>();

/** Each group's Lambda entry, imported on first use as a Lambda would be on its first cold start. */
function groupHandler(group: RouteGroup): Promise<RouteHandler> {
  let handler = groupHandlers.get(group);
  if (!handler) {
    handler = import(`../../functions/${group}/handlers.ts`).then(
      (m: { handler: RouteHandler }) => m.handler,
    );
    groupHandlers.set(group, handler);
  }
  return handler;
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, result: ApiResult): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
}

/**
 * What CloudFront adds to every request it passes to the API (docs/decisions.md "Origin verify",
 * "Viewer address"), overwriting whatever the client sent under those names: the origin-verify
 * value (`ORIGIN_VERIFY_SECRET`, generated once under the data folder) and the viewer's address
 * and port, `ip:port` (an IPv6 address without brackets).
 */
function addEdgeHeaders(headers: Record<string, string>, address: string, port: number): void {
  delete headers[ORIGIN_VERIFY_HEADER];
  delete headers[VIEWER_ADDRESS_HEADER];
  const secret = env().ORIGIN_VERIFY_SECRET;
  if (secret) headers[ORIGIN_VERIFY_HEADER] = secret;
  headers[VIEWER_ADDRESS_HEADER] = `${address.replace(/^::ffff:(?=\d+\.)/, '')}:${port}`;
}

/**
 * Serves one API request the way API Gateway's HTTP API does: an unknown route is a 404; a
 * known one becomes a payload-2.0 event for its group's Lambda handler. A trailing slash is
 * ignored, as the spec's lookup paths carry one.
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const method = (req.method ?? 'GET').toUpperCase();
  const matched = matchRoute(method, path);
  if (!matched) return sendJson(res, 404, { message: 'Not found' });

  const body = await readBody(req);
  if (body === 'too-large') return sendJson(res, 413, { message: 'The request is too large' });

  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
  addEdgeHeaders(headers, sourceIp, req.socket.remotePort ?? 0);
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] ? `${query[k]},${v}` : v;
  const requestId = randomUUID();
  const routeKey = `${matched.route.method} ${API_BASE}${matched.route.path}`;
  const textual = /json|text|form-urlencoded/i.test(headers['content-type'] ?? '') || body.length === 0;

  const event: ApiEvent = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: url.search.slice(1),
    headers,
    cookies: req.headers.cookie ? req.headers.cookie.split(/;\s*/) : undefined,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(matched.params).length ? matched.params : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
  const started = Date.now();
  const context = {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `spaces-local-${matched.route.group}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:spaces-local-${matched.route.group}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/spaces-local-${matched.route.group}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 10_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  } as Context;

  const handler = await groupHandler(matched.route.group);
  send(res, await handler(event, context));
}
