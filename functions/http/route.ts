import middy, { type MiddlewareObj } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import { fieldErrors } from '../../shared/schemas/common';
import type { AuthKind } from '../routes';
import { writeActivity, type ActivityInput } from '../data/activity';
import { authenticate } from './authenticate';
import { AppError, BadRequest, Invalid, NotFound } from './errors';
import { logger } from './logger';
import type { AdminPrincipal, ClientPrincipal, Principal } from './principal';

type Schema = z.ZodType | undefined;
type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type PrincipalOf<A extends AuthKind> = A extends 'client'
  ? ClientPrincipal
  : A extends 'admin'
    ? AdminPrincipal
    : undefined;

export interface RouteOptions<A extends AuthKind, B extends Schema, Q extends Schema, P extends Schema> {
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
}

export interface RouteContext<A extends AuthKind, B extends Schema, Q extends Schema, P extends Schema> {
  principal: PrincipalOf<A>;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  event: APIGatewayProxyEventV2;
}

/** What a handler answers; the factory turns it into `{ result, message }` JSON. */
export interface Reply {
  result?: unknown;
  message?: string;
  /** A successful change, written to the activity log with the principal. */
  activity?: Omit<ActivityInput, 'principal'>;
  cookies?: string[];
}

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;
/** A Lambda handler of one route, as the group router and the local server call it. */
export type RouteHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

interface RouteState {
  principal?: Principal;
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

/** The one error mapper: AppErrors keep their status and message; anything else is a logged, redacted 500. */
export function errorResponse(error: unknown): ApiResult {
  if (error instanceof AppError) {
    return json(error.status, { message: error.fields ?? error.message }, { headers: error.headers });
  }
  logger.error('Unhandled error', error as Error);
  return json(500, { message: 'Something went wrong. Please try again.' });
}

const errorMapper: MiddlewareObj<ApiEvent, ApiResult, Error, RouteLambdaContext> = {
  onError: (request) => {
    request.response = errorResponse(request.error);
  },
};

const jsonBody: MiddlewareObj<ApiEvent, ApiResult, Error, RouteLambdaContext> = {
  before: (request: Request) => {
    const { event } = request;
    request.context.route = { parsed: {} };
    if (!event.body) return;
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    const type = event.headers?.['content-type'] ?? '';
    if (type && !/^application\/(.+\+)?json\b/i.test(type))
      throw new BadRequest('Send the request body as JSON');
    try {
      request.context.route.json = JSON.parse(text);
    } catch {
      throw new BadRequest('The request body is not valid JSON');
    }
  },
};

function authentication(auth: AuthKind) {
  return {
    before: async (request: Request) => {
      if (auth === 'public') return;
      const principal = await authenticate(request.event, auth);
      request.context.route.principal = principal;
      logger.appendKeys({
        userId: principal.kind === 'client' ? principal.userId : principal.adminId,
        accountId: principal.kind === 'client' ? principal.accountId : undefined,
      });
    },
  };
}

function validation(schemas: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType }) {
  return {
    before: (request: Request) => {
      const state = request.context.route;
      const inputs = {
        body: state.json ?? {},
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
      }
      if (Object.keys(errors).length) throw new Invalid(errors);
    },
  };
}

/**
 * Builds a route handler: logger context, JSON body, authentication, zod
 * validation with the spec's messages, the activity log, and the error mapper.
 */
export function route<
  A extends AuthKind,
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(options: RouteOptions<A, B, Q, P>, fn: (ctx: RouteContext<A, B, Q, P>) => Promise<Reply>): RouteHandler {
  const handler = middy<ApiEvent, ApiResult, Error, RouteLambdaContext>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorMapper)
    .use(jsonBody)
    .use(authentication(options.auth))
    .use(validation(options))
    .handler(async (event, context) => {
      const state = context.route;
      const reply = await fn({
        principal: state.principal as PrincipalOf<A>,
        body: state.parsed.body as Infer<B>,
        query: state.parsed.query as Infer<Q>,
        params: state.parsed.params as Infer<P>,
        event,
      });
      if (reply.activity && state.principal) {
        await writeActivity({ ...reply.activity, principal: state.principal }).catch((error: unknown) =>
          logger.error('Activity log write failed', error as Error),
        );
      }
      const body: Record<string, unknown> = { result: reply.result ?? null };
      if (reply.message) body.message = reply.message;
      return json(200, body, { cookies: reply.cookies });
    });
  return handler as unknown as RouteHandler;
}
