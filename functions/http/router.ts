import httpRouterHandler from '@middy/http-router';
import type * as z from 'zod';
import { API_BASE, type RouteDef } from './contract';
import { json, route, type ApiEvent, type ApiResult, type Reply, type RouteContext } from './route';

/** The handler of one route: its typed context in, its answer out (functions/http/route.ts). */
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
    routes: keys.map((key) => {
      const def = groupRoutes[key]!;
      return { method: def.method, path: `${API_BASE}${def.path}`, handler: route(def, fns[key]!) };
    }),
    notFoundResponse: () => json(404, { message: 'Not found' }),
  });
}
