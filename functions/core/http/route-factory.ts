import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { allows } from '@shared/roles';
import { fieldErrors, unknownFields } from '@shared/schemas/common';
import { env } from '../env';
import { authenticate } from '../auth/authenticate';
import { notModified } from './conditional';
import type { RouteDef } from '@shared/api/contract';
import {
  AppError,
  BadRequest,
  Forbidden,
  Invalid,
  NotFound,
  ServiceUnavailable,
  isDependencyFailure,
} from '../errors';
import { logger } from '../logger';
import { metrics } from '../observability/metrics';
import { authenticateDevice } from '../auth/device-auth';
import { assertFromEdge } from './edge';
import type { AdminPrincipal, ClientPrincipal, DevicePrincipal, Principal } from '../auth/principal';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type PrincipalOf<A> = A extends 'client'
  ? ClientPrincipal
  : A extends 'admin'
    ? AdminPrincipal
    : A extends 'device'
      ? DevicePrincipal
      : undefined;

export interface RouteContext<D extends RouteDef> {
  principal: PrincipalOf<D['auth']>;
  body: Infer<D['body']>;
  query: Infer<D['query']>;
  params: Infer<D['params']>;
  event: APIGatewayProxyEventV2;
}

/** What a handler answers; the factory turns it into `{ result, message }` JSON. */
export interface Reply<R = unknown> {
  result?: R;
  message?: string;
  cookies?: string[];
  /** Headers of the answer, e.g. a Cache-Control for a public document. */
  headers?: Record<string, string>;
  /** A conditional route's tag of the answer (the `ETag`); when the request names it, a 304. */
  etag?: string;
}

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;
/** A Lambda handler of one route, as the group router and the local server call it. */
export type RouteHandler = ((event: ApiEvent, context: Context) => Promise<ApiResult>) & {
  /** The route it serves, from the route table. */
  route: RouteDef;
};

interface RouteState {
  principal?: Principal | DevicePrincipal;
  json?: unknown;
  parsed: { body?: unknown; query?: unknown; params?: unknown };
}
type RouteLambdaContext = Context & { route: RouteState };
type Request = middy.Request<ApiEvent, ApiResult, Error, RouteLambdaContext>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(statusCode: number, body: unknown, extra: Partial<ApiResult> = {}): ApiResult {
  return {
    statusCode,
    headers: { ...jsonHeaders, ...(extra.headers as object) },
    body: JSON.stringify(body),
    cookies: extra.cookies,
  };
}

/**
 * The one error mapper: AppErrors keep their status and message; a dependency that is down,
 * slow or throttling is a 503 with Retry-After; anything else is a logged, redacted 500.
 */
export function errorResponse(error: unknown): ApiResult {
  if (error instanceof AppError) {
    return json(error.status, { message: error.fields ?? error.message }, { headers: error.headers });
  }
  if (isDependencyFailure(error)) {
    logger.warn('A dependency could not answer', error as Error);
    return errorResponse(new ServiceUnavailable());
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { message: 'Something went wrong. Please try again.' });
}

const errorMapper: MiddlewareObj<ApiEvent, ApiResult, Error, RouteLambdaContext> = {
  onError: (request) => {
    request.response = errorResponse(request.error);
  },
};

/**
 * Refuses a request that did not come through CloudFront (403, functions/core/http/edge.ts), before any
 * other work: every route of every group, public ones included.
 */
const fromEdge: MiddlewareObj<ApiEvent, ApiResult, Error, RouteLambdaContext> = {
  before: (request) => assertFromEdge(request.event),
};

/**
 * Parses the JSON body of a route that takes one (or the form-encoded one of a `form` route); a
 * route that takes none ignores any body.
 */
function jsonBody({ body, form }: RouteDef): MiddlewareObj<ApiEvent, ApiResult, Error, RouteLambdaContext> {
  return {
    before: (request: Request) => {
      const { event } = request;
      request.context.route = { parsed: {} };
      if (!body || !event.body) return;
      const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      const type = event.headers?.['content-type'] ?? '';
      if (form && /^application\/x-www-form-urlencoded\b/i.test(type)) {
        request.context.route.json = Object.fromEntries(new URLSearchParams(text));
        return;
      }
      if (type && !/^application\/(.+\+)?json\b/i.test(type))
        throw new BadRequest('Send the request body as JSON');
      try {
        request.context.route.json = JSON.parse(text);
      } catch {
        throw new BadRequest('The request body is not valid JSON');
      }
    },
  };
}

function authentication({ auth, permission }: RouteDef) {
  return {
    before: async (request: Request) => {
      if (auth === 'public') return;
      if (auth === 'device') {
        const device = await authenticateDevice(request.event);
        request.context.route.principal = device;
        logger.appendKeys({ deviceId: device.deviceId, accountId: device.device.account_id });
        return;
      }
      const principal = await authenticate(request.event, auth);
      if (
        principal.kind === 'client' &&
        permission &&
        permission !== 'read' &&
        !allows(principal.rolesAttr, permission)
      )
        throw new Forbidden();
      request.context.route.principal = principal;
      logger.appendKeys({
        userId: principal.kind === 'client' ? principal.userId : principal.adminId,
        accountId: principal.kind === 'client' ? principal.accountId : undefined,
      });
    },
  };
}

function validation(schemas: Pick<RouteDef, 'body' | 'query' | 'params'>) {
  return {
    before: (request: Request) => {
      const state = request.context.route;
      const inputs = {
        // No body reads as an empty object; a body of `null` is refused as not being an object.
        body: state.json === undefined ? {} : state.json,
        query: request.event.queryStringParameters ?? {},
        params: request.event.pathParameters ?? {},
      };
      if (
        schemas.body &&
        (typeof inputs.body !== 'object' || inputs.body === null || Array.isArray(inputs.body))
      ) {
        throw new BadRequest('The request body must be a JSON object');
      }
      // A path that names nothing that could exist is a 404, as an unknown id would be.
      if (schemas.params && !schemas.params.safeParse(inputs.params).success) throw new NotFound('Item');
      const errors: Record<string, string> = {};
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = schemas[part];
        if (!schema) continue;
        const result = schema.safeParse(inputs[part]);
        if (result.success) state.parsed[part] = result.data;
        else Object.assign(errors, { ...fieldErrors(result.error), ...errors });
        if (part === 'body') Object.assign(errors, { ...unknownFields(schema, inputs.body), ...errors });
      }
      if (Object.keys(errors).length) throw new Invalid(errors);
    },
  };
}

/** In the local runtime and the tests every answer is checked against its route's response schema. */
function checkAnswer(def: RouteDef, result: unknown): void {
  if (env().STAGE !== 'local') return;
  const checked = def.response.safeParse(result);
  if (!checked.success) {
    throw new Error(
      `${def.method} ${def.path} answered outside its response schema: ${JSON.stringify(fieldErrors(checked.error))}`,
    );
  }
}

/**
 * Builds the handler of one route of the table: logger context, the origin check (CloudFront
 * only), JSON body, authentication and the route's permission, zod validation with the spec's
 * messages, the answer checked against its response schema (locally), and the error mapper.
 */
export function route<D extends RouteDef>(
  def: D,
  fn: (ctx: RouteContext<D>) => Promise<Reply<z.output<D['response']>>>,
): RouteHandler {
  const handler = middy<ApiEvent, ApiResult, Error, RouteLambdaContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    // The business metrics the handler added, flushed once per request (functions/core/observability/metrics.ts).
    .use(logMetrics(metrics))
    .use(errorMapper)
    .use(fromEdge)
    .use(jsonBody(def))
    .use(authentication(def))
    .use(validation(def))
    .handler(async (event, context) => {
      const state = context.route;
      const reply = await fn({
        principal: state.principal as PrincipalOf<D['auth']>,
        body: state.parsed.body as Infer<D['body']>,
        query: state.parsed.query as Infer<D['query']>,
        params: state.parsed.params as Infer<D['params']>,
        event,
      });
      const result = reply.result ?? null;
      if (def.conditional && reply.etag) {
        const etag = `"${reply.etag}"`;
        const asked = event.headers?.['if-none-match'] ?? event.headers?.['If-None-Match'];
        // A handler that knows the answer is unchanged (by the same `notModified`) leaves its result out.
        if (notModified(asked, reply.etag)) {
          return { statusCode: 304, headers: { etag, 'cache-control': 'no-cache' }, body: '' };
        }
        reply.headers = { ...reply.headers, etag };
      }
      checkAnswer(def, result);
      if (def.produces) {
        // Text of the route's media type: a calendar feed, the token a provider's URL check echoes.
        return {
          statusCode: 200,
          headers: { 'content-type': `${def.produces}; charset=utf-8`, ...reply.headers },
          body: result === null ? '' : String(result),
        };
      }
      if (def.unwrapped) return json(200, result, { headers: reply.headers, cookies: reply.cookies });
      const body: Record<string, unknown> = { result };
      if (reply.message) body.message = reply.message;
      if (def.messageInData) body.data = { message: reply.message ?? '' };
      return json(200, body, { headers: reply.headers, cookies: reply.cookies });
    });
  return Object.assign(handler as unknown as (event: ApiEvent, context: Context) => Promise<ApiResult>, {
    route: def as RouteDef,
  });
}
