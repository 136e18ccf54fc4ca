import httpRouterHandler from '@middy/http-router';
import { API_BASE, routes, type RouteGroup } from '../routes';
import { json, type ApiEvent, type ApiResult, type RouteHandler } from './route';

/**
 * The Lambda of one route group: dispatches every route of the table in that group to its
 * handler. `handlers` maps the table's handler names to the imported handlers; a name missing
 * on either side fails at cold start (and in the route-table test).
 */
export function groupRouter(group: RouteGroup, handlers: Record<string, RouteHandler>) {
  const own = routes.filter((r) => r.group === group);
  const missing = own.filter((r) => !handlers[r.handler]).map((r) => r.handler);
  const extra = Object.keys(handlers).filter((name) => !own.some((r) => r.handler === name));
  if (missing.length || extra.length) {
    throw new Error(
      `Route group ${group}: missing handlers [${missing.join(', ')}], unrouted [${extra.join(', ')}]`,
    );
  }
  return httpRouterHandler<ApiEvent, ApiResult>({
    routes: own.map((r) => ({
      method: r.method,
      path: `${API_BASE}${r.path}`,
      handler: handlers[r.handler]!,
    })),
    notFoundResponse: () => json(404, { message: 'Not found' }),
  });
}
