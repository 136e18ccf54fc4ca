import type * as z from 'zod';
import type { RoleFlag } from '../roles';

/**
 * What a route is, as data: method and path, who may call it, what it takes and what it
 * answers. The route table (shared/api/routes.ts) is built from these; the local server and the
 * CDK api stack read it; the route factory validates with its schemas; the OpenAPI document
 * (functions/core/http/openapi.ts) and the contract tests are generated from it.
 */

/** Where the API is served; route paths are relative to it. */
export const API_BASE = '/api/v1';

export const routeGroups = [
  'system',
  'auth',
  'me',
  'config',
  'accounts',
  'platform',
  'team',
  'venues',
  'spaces',
  'screens',
  'bookings',
  'slideshows',
  'device',
  'calendars',
] as const;
/** One Lambda function per group. */
export type RouteGroup = (typeof routeGroups)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone, a signed-in client user, a signed-in super admin, a room-display device. */
export type AuthKind = 'public' | 'client' | 'admin' | 'device';
/**
 * What a client route asks of the caller's role: a flag of its role attributes
 * (`'venues.permission.edit'`), or `'read'`, which every client role has.
 */
export type Permission = 'read' | RoleFlag;
/** The media types of answers that are text rather than JSON. */
export type TextMediaType = 'text/calendar' | 'text/plain';
/** Error statuses an operation may answer, all with the body `{ message }` (docs/architecture.md §4). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

type Schema = z.ZodType | undefined;

export interface RouteSpec<
  A extends AuthKind = AuthKind,
  B extends Schema = Schema,
  Q extends Schema = Schema,
  P extends Schema = Schema,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Relative to API_BASE, with API Gateway's `{param}` syntax. */
  path: string;
  auth: A;
  /** Client routes only: what the caller's role must allow (the factory answers 403 otherwise). */
  permission?: Permission;
  /** One line for the API reference. */
  summary: string;
  body?: B;
  /**
   * The body may come form-encoded (`application/x-www-form-urlencoded`, each field once), as the
   * specification sends it (docs/product/client-area.md §7: the calendar code); JSON is taken too.
   */
  form?: boolean;
  query?: Q;
  params?: P;
  /** The schema of `result` in the 200 answer `{ result, message? }`. */
  response: R;
  /** The 200 answer is the `response` itself, not wrapped in `{ result }` (the OpenAPI document). */
  unwrapped?: boolean;
  /**
   * The answer repeats its message as `data.message`, where the specification says the SPA reads
   * it (docs/product/client-area.md §7: the CAP alert settings' save).
   */
  messageInData?: boolean;
  /**
   * The 200 answer is `result` itself as text of this media type (a calendar feed, the token a
   * provider's URL check asks to have echoed), not JSON; `response` is then a string schema.
   */
  produces?: TextMediaType;
  /**
   * The answer carries an `ETag`; a request whose `If-None-Match` names it is answered 304 with no
   * body (a room display's poll).
   */
  conditional?: boolean;
  /** Error statuses this route answers besides those every route of its kind can (see openapi.ts). */
  errors?: readonly ErrorStatus[];
}

/** A route of the table: its spec, its group, and its name `<group>/<key>` (the operation id). */
export type RouteDef<S extends RouteSpec = RouteSpec> = S & { group: RouteGroup; handler: string };

/**
 * A group's routes, keyed by route key (`'client-login'` is `auth/client-login`). The group's
 * handler map (`functions/<group>/handlers.ts`, `bindHandlers`) has a handler under each key.
 */
export function defineRoutes<G extends RouteGroup, const T extends Record<string, RouteSpec>>(
  group: G,
  specs: T,
): { [K in keyof T & string]: T[K] & { group: G; handler: `${G}/${K}` } } {
  return Object.fromEntries(
    Object.entries(specs).map(([name, spec]) => [name, { ...spec, group, handler: `${group}/${name}` }]),
  ) as never;
}
