import * as z from 'zod';
import { API_BASE, routes } from '@shared/api/routes';
import type { ErrorStatus, RouteDef } from '@shared/api/contract';

/**
 * The OpenAPI 3.1 document of the API, generated from the route table and the zod schemas each
 * route validates and answers with: nothing in it is written by hand. Served at
 * `GET /api/v1/openapi.json`; the contract tests (test/api/contract.api.test.ts) read it.
 */

const errorDescriptions: Record<ErrorStatus, string> = {
  400: 'Malformed request: a body that is not a JSON object, or not sent as application/json',
  401: 'No token, or one that is invalid, expired or of an ended session; also a wrong password',
  403: "The other area's token, a role that may not, or an inactive user or account at sign-in",
  404: "Unknown, or another account's",
  409: 'Conflicts with what is stored: a value that must be unique, or a change made meanwhile',
  413: 'The request is larger than 10 MiB, or an uploaded file larger than its limit',
  422: "Invalid input: `message` maps each field to the specification's message",
  429: "Too many requests: the stage's request rate, or too many attempts (sign-in, a display's PIN, registrations); `Retry-After`, when sent, says when to try again",
  503: 'A service the API depends on is down, slow or throttling; `Retry-After` says when to try again',
};

/**
 * The error statuses an operation can answer: those of its kind, and those it names. Every route
 * may answer 429: the API stage throttles them all (infra/cdk/stacks/api-stack.ts), some more
 * tightly, and the edge and the API limit sign-in, recovery and registrations besides.
 */
export function errorStatuses(route: RouteDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([413, 429, 503, ...(route.errors ?? [])]);
  // A device's token names no role, so nothing is forbidden to it: it is good (200) or not (401).
  if (route.auth === 'device') statuses.add(401);
  else if (route.auth !== 'public') [401, 403].forEach((s) => statuses.add(s as ErrorStatus));
  if (route.body) [400, 422].forEach((s) => statuses.add(s as ErrorStatus));
  if (route.query) statuses.add(422);
  if (route.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
};

/** One OpenAPI parameter per property of an object schema (path or query). */
function parameters(schema: z.ZodType | undefined, place: 'path' | 'query') {
  if (!schema) return [];
  const object = toSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function operation(route: RouteDef) {
  const result = toSchema(route.response, 'output');
  const success = route.unwrapped
    ? result
    : {
        type: 'object',
        properties: {
          result,
          message: { type: 'string' },
          ...(route.messageInData
            ? {
                data: {
                  type: 'object',
                  properties: { message: { type: 'string' } },
                  required: ['message'],
                  description: 'The message again, where the specification reads it (`data.message`)',
                },
              }
            : {}),
        },
        required: route.messageInData ? ['result', 'message', 'data'] : ['result'],
      };
  const security = route.auth === 'public' ? [] : [{ [`${route.auth}Bearer`]: [] }];
  return {
    operationId: route.handler,
    summary: route.summary,
    tags: [route.group],
    security,
    ...(route.auth === 'client' ? { 'x-permission': route.permission ?? 'read' } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body
      ? // Unknown fields are refused (shared/schemas/common.ts unknownFields).
        {
          requestBody: {
            required: true,
            content: {
              ...json({ ...toSchema(route.body, 'input'), additionalProperties: false }),
              ...(route.form
                ? {
                    'application/x-www-form-urlencoded': {
                      schema: { ...toSchema(route.body, 'input'), additionalProperties: false },
                    },
                  }
                : {}),
            },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'Success',
        content: route.produces ? { [route.produces]: { schema: { type: 'string' } } } : json(success),
        ...(route.conditional
          ? {
              headers: { ETag: { schema: { type: 'string' }, description: 'Send it back as If-None-Match' } },
            }
          : {}),
      },
      ...(route.conditional
        ? { 304: { description: 'Nothing changed since the `ETag` named in If-None-Match' } }
        : {}),
      ...Object.fromEntries(
        errorStatuses(route).map((status) => [
          status,
          {
            description: errorDescriptions[status],
            content: json({ $ref: '#/components/schemas/Error' }),
            ...([429, 503].includes(status)
              ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds' } } }
              : {}),
          },
        ]),
      ),
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Spaces API',
      version: '1',
      description:
        'Venues, their spaces and room screens, bookings, and the platform administration. ' +
        'Successful answers are `{ result, message? }`; failures `{ message }`, where a validation ' +
        "failure's message maps each field to its message. Dates and times are in the venue's time zone.",
    },
    servers: [{ url: API_BASE }],
    tags: [...new Set(routes.map((r) => r.group))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        clientBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token of POST /client/auth/login (client area)',
        },
        adminBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token of POST /admin/auth/login (platform administration)',
        },
        deviceBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            "A room-display device's secret token of POST /device/register (`<deviceId>.<secret>`)",
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: {
              oneOf: [
                { type: 'string' },
                { type: 'object', additionalProperties: { type: 'string' }, description: 'field → message' },
              ],
            },
          },
          required: ['message'],
        },
      },
    },
  };
}
