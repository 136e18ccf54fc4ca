import httpRouterHandler from '@middy/http-router';
import { API_BASE, type RouteDef } from './contract';
import { json, type ApiEvent, type ApiResult, type RouteHandler } from './route';

/**
 * The Lambda of one route group: dispatches every route of the group (its `routes.ts`) to its
 * handler, each handler carrying its own route. A route of the group without a handler, or a
 * handler of another group, fails at cold start (and in the route-table test). It reads only its
 * own group's routes, so a Lambda bundles only its own schemas.
 */
export function groupRouter(groupRoutes: Record<string, RouteDef>, handlers: RouteHandler[]) {
  const own = Object.values(groupRoutes).map((r) => r.handler);
  const group = Object.values(groupRoutes)[0]?.group;
  const wired = handlers.map((h) => h.route.handler);
  const missing = own.filter((name) => !wired.includes(name));
  const extra = wired.filter((name) => !own.includes(name));
  if (missing.length || extra.length || new Set(wired).size !== wired.length) {
    throw new Error(
      `Route group ${group}: missing handlers [${missing.join(', ')}], unrouted [${extra.join(', ')}]`,
    );
  }
  return httpRouterHandler<ApiEvent, ApiResult>({
    routes: handlers.map((handler) => ({
      method: handler.route.method,
      path: `${API_BASE}${handler.route.path}`,
      handler,
    })),
    notFoundResponse: () => json(404, { message: 'Not found' }),
  });
}
