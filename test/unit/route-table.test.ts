import { bindHandlers, mostSpecificFirst } from '@core/http/handler-map';
import { API_BASE, routes } from '@shared/api/routes';
import { systemRoutes } from '@shared/api/system-routes';
import { matchRoute } from '../../infra/local/api-adapter';

describe('route table', () => {
  it("builds a group's Lambda from exactly one handler per route of the group", () => {
    // A handler fits any route; building the Lambda calls none.
    const unused = async () => Promise.reject(new Error('not called'));
    expect(typeof bindHandlers(systemRoutes, { 'get-health': unused, 'get-openapi': unused })).toBe(
      'function',
    );
    // A route without a handler fails the build (typecheck covers this file), and the cold start.
    // @ts-expect-error 'get-openapi' has no handler
    expect(() => bindHandlers(systemRoutes, { 'get-health': unused })).toThrow(
      'Route group system: missing handlers [get-openapi], unrouted []',
    );
    // So does a handler that names no route of the group.
    expect(() =>
      bindHandlers(systemRoutes, {
        'get-health': unused,
        'get-openapi': unused,
        // @ts-expect-error no route 'get-status' in the group
        'get-status': unused,
      }),
    ).toThrow('Route group system: missing handlers [], unrouted [get-status]');
  });

  it('sends each path of a group to its own route, a fixed segment before a parameter', () => {
    const matches = (pattern: string, path: string) => {
      const [want, got] = [pattern.split('/'), path.split('/')];
      return want.length === got.length && want.every((part, i) => part.startsWith('{') || part === got[i]);
    };
    for (const group of new Set(routes.map((route) => route.group))) {
      const order = mostSpecificFirst(
        routes.filter((route) => route.group === group).map((route) => [route.handler, route] as const),
      );
      for (const [name, route] of order) {
        // The path a client calls, each parameter a value that is none of the group's fixed segments.
        const path = route.path.replace(/\{[^}]+\}/g, 'sample-value');
        const first = order.find(([, other]) => other.method === route.method && matches(other.path, path));
        expect(first?.[0], `${route.method} ${route.path}`).toBe(name);
      }
    }
  });

  it('names the permission of every client route, and only of client routes', () => {
    for (const route of routes) {
      expect(route.permission !== undefined, `${route.method} ${route.path}`).toBe(route.auth === 'client');
    }
  });

  it('gives every route a summary and a response schema', () => {
    for (const route of routes) {
      expect(route.summary.length, route.handler).toBeGreaterThan(10);
      expect(typeof route.response.safeParse, route.handler).toBe('function');
    }
  });

  it('has no two routes with the same method and path', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('matches paths with parameters the way API Gateway does', () => {
    expect(matchRoute('PUT', `${API_BASE}/admin/amenities/01ABC`)).toMatchObject({
      route: { handler: 'config/update-amenity' },
      params: { id: '01ABC' },
    });
    expect(matchRoute('GET', `${API_BASE}/admin/amenities/01ABC`)).toBeUndefined();
    expect(matchRoute('GET', `${API_BASE}/admin/amenities/a/b`)).toBeUndefined();
    // A literal segment wins over a parameter at the same place, whatever the table's order.
    expect(matchRoute('GET', `${API_BASE}/admin/account/01ABC/users`)).toMatchObject({
      route: { handler: 'accounts/list-account-users' },
    });
    expect(matchRoute('GET', `${API_BASE}/admin/account/01ABC/license`)).toMatchObject({
      route: { handler: 'accounts/list-licences' },
    });
    expect(matchRoute('GET', `${API_BASE}/client/user/01ABC/resetPIN`)).toMatchObject({
      route: { handler: 'team/reset-user-pin' },
    });
    expect(matchRoute('GET', `${API_BASE}/client/user/01ABC/Active`)).toMatchObject({
      route: { handler: 'team/set-user-status' },
    });
    expect(matchRoute('GET', `${API_BASE}/admin/account/01ABC/Inactive`)).toMatchObject({
      route: { handler: 'accounts/set-account-status' },
      params: { id: '01ABC', status: 'Inactive' },
    });
  });
});
