import type * as z from 'zod';
import type { HttpMethod } from '@shared/api/contract';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { request, type ApiReply, type RequestOptions } from './client';

/**
 * Typed calls through the route definitions (shared/api/<group>-routes.ts): the path comes from
 * the route's `path` (each `{param}` filled and URI-encoded, then the query string), the method is
 * the route's, the input types are its params, query and body schemas', and the result type is
 * its response schema's. The request itself is the fetch client's (web/src/api/client.ts): the
 * same headers, refresh, errors and toasts. The SPA's build keeps only each route's method and
 * path (web/vite.config.ts), so the schemas cost a page nothing; only their types are used here.
 */

/** What of a route definition a call reads at run time; its schemas are there for their types alone. */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  form?: boolean;
}

type Part<R, K extends string> = R extends { [key in K]: infer S extends z.ZodType } ? S : undefined;

/** The params, query and body a route takes, as its schemas accept them; a route's params are required. */
export type RouteInput<R extends ApiRoute> = (Part<R, 'params'> extends z.ZodType
  ? { params: z.input<Part<R, 'params'>> }
  : { params?: never }) &
  (Part<R, 'query'> extends z.ZodType ? { query?: z.input<Part<R, 'query'>> } : { query?: never }) &
  (Part<R, 'body'> extends z.ZodType
    ? { body: z.input<Part<R, 'body'>> | (R extends { form: true } ? URLSearchParams : never) }
    : { body?: never });

/** The `result` of a route's 200 answer. */
export type RouteResult<R extends ApiRoute> = z.output<R['response']>;

type Options = Omit<RequestOptions, 'method' | 'body'>;
/** The arguments of a call: its input, which may be left out when the route requires none, and options. */
export type CallArgs<R extends ApiRoute> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: Options]
    : [input: RouteInput<R>, options?: Options];
/** What a path is made of: a route's params and query (its body goes in the request). */
export type PathInput<R extends ApiRoute> = Omit<RouteInput<R>, 'body'>;
export type PathArgs<R extends ApiRoute> =
  object extends PathInput<R> ? [input?: PathInput<R>] : [input: PathInput<R>];
type Loose = [
  input?: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
  options?: Options,
];

/** The path of a call, relative to API_BASE: the route's path with its params filled, and the query. */
export function pathOf<R extends ApiRoute>(route: R, ...args: PathArgs<R>): string {
  const [{ params, query } = {}] = args as Loose;
  // Each param is one path segment (the types require them all); what the query leaves out is not sent.
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = String(
    new URLSearchParams(
      Object.entries(query ?? {}).flatMap(([name, value]) => (value == null ? [] : [[name, String(value)]])),
    ),
  );
  return search ? `${path}?${search}` : path;
}

/** Calls a route and returns the whole reply (`result` and `message`). */
export function callRoute<R extends ApiRoute>(
  route: R,
  ...args: CallArgs<R>
): Promise<ApiReply<RouteResult<R>>> {
  const [input, options] = args as Loose;
  return request<RouteResult<R>>(pathOf(route, ...(args as unknown as PathArgs<R>)), {
    ...options,
    method: route.method,
    body: input?.body,
  });
}

/** Reads a route's `result` alone. */
export function readRoute<R extends ApiRoute>(route: R, ...args: CallArgs<R>): Promise<RouteResult<R>> {
  return callRoute(route, ...args).then((reply) => reply.result);
}

/** An swr fetcher of a key that is a route's path (`pathOf`): the route's method, its result. */
export const fetcherOf =
  <R extends ApiRoute>(route: R, options?: Options) =>
  (path: string): Promise<RouteResult<R>> =>
    request<RouteResult<R>>(path, { ...options, method: route.method }).then((reply) => reply.result);

/**
 * One swr hook of a GET route, keyed by its path (`pathOf`), so that a write revalidates it with
 * `mutate(path)`; `input` null fetches nothing.
 */
export function useRoute<R extends ApiRoute>(
  route: R,
  input: PathInput<R> | null,
  config?: SWRConfiguration<RouteResult<R>>,
  options?: Options,
): SWRResponse<RouteResult<R>> {
  const key = input === null ? null : pathOf(route, ...([input] as PathArgs<R>));
  return useSWR<RouteResult<R>>(key, fetcherOf(route, options), config);
}
