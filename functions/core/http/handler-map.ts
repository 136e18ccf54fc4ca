import httpRouterHandler from '@middy/http-router';
import type * as z from 'zod';
import { API_BASE, type RouteDef } from '@shared/api/contract';
import { json, route, type ApiEvent, type ApiResult, type Reply, type RouteContext } from './route-factory';

/** The handler of one route: its typed context in, its answer out (functions/core/http/route-factory.ts). */
export type RouteFn<D extends RouteDef> = (ctx: RouteContext<D>) => Promise<Reply<z.output<D['response']>>>;

/**
 * A group's handlers keyed by its route keys: exactly its keys, so a route without a handler, or a
 * handler that names no route of the group, fails the build.
 */
export type HandlerMap<G extends Record<string, RouteDef>> = { [K in keyof G]: RouteFn<G[K]> };

/**
 * The Lambda of one route group: each route of the group (its `routes.ts`) is built by the route
 * factory with its handler from the map, and dispatched by method and path. It reads only its own
 * group's routes, so a Lambda bundles only its own schemas.
 */
export function bindHandlers<G extends Record<string, RouteDef>>(
  groupRoutes: G,
  handlers: NoInfer<HandlerMap<G>>,
) {
  const keys = Object.keys(groupRoutes);
  const fns = handlers as Record<string, RouteFn<RouteDef> | undefined>;
  const extra = Object.keys(fns).filter((key) => !keys.includes(key));
  const missing = keys.filter((key) => typeof fns[key] !== 'function');
  if (missing.length || extra.length) {
    // Only reachable past the type checker; the build refuses both.
    throw new Error(
      `Route group ${Object.values(groupRoutes)[0]?.group}: missing handlers [${missing.join(', ')}], unrouted [${extra.join(', ')}]`,
    );
  }
  return httpRouterHandler<ApiEvent, ApiResult>({
    routes: mostSpecificFirst(keys.map((key) => [key, groupRoutes[key]!] as const)).map(([key]) => {
      const def = groupRoutes[key]!;
      return { method: def.method, path: `${API_BASE}${def.path}`, handler: route(def, fns[key]!) };
    }),
    notFoundResponse: () => json(404, { message: 'Not found' }),
  });
}

const isParameter = (segment: string) => segment.startsWith('{');

/**
 * Routes in the order the router must try them: the router takes the first whose pattern matches,
 * so at the first segment where two paths differ, a fixed one (`/client/user/{id}/resetPIN`) comes
 * before a parameter (`/client/user/{id}/{status}`), as API Gateway chooses the most specific.
 */
export function mostSpecificFirst<T extends readonly [string, RouteDef]>(routes: readonly T[]): T[] {
  const segments = (def: RouteDef) => def.path.split('/');
  return [...routes].sort(([, a], [, b]) => {
    const [left, right] = [segments(a), segments(b)];
    // Paths of other lengths never match the same request: any steady order will do.
    if (left.length !== right.length) return left.length - right.length;
    for (let i = 0; i < left.length; i++) {
      const [x, y] = [isParameter(left[i]!), isParameter(right[i]!)];
      if (x !== y) return x ? 1 : -1;
    }
    return 0;
  });
}
