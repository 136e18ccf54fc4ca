import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_BASE, routeGroups, routes } from '../../functions/routes';
import { matchRoute } from '../../infra/local/api-adapter';

const functionsDir = path.resolve(import.meta.dirname, '../../functions');

describe('route table', () => {
  it('names a handler file for every route, and every handler file has a route', () => {
    for (const route of routes) {
      expect(existsSync(path.join(functionsDir, `${route.handler}.ts`)), route.handler).toBe(true);
    }
    for (const group of routeGroups) {
      const files = readdirSync(path.join(functionsDir, group))
        .filter(
          (f) =>
            f.endsWith('.ts') &&
            // authorizer.ts: API Gateway's authorizer of the device routes, not a route.
            !['router.ts', 'routes.ts', 'handlers.ts', 'authorizer.ts'].includes(f) &&
            !f.endsWith('.test.ts'),
        )
        .map((f) => `${group}/${f.replace(/\.ts$/, '')}`);
      const routed = routes.filter((r) => r.group === group).map((r) => r.handler);
      expect(files.sort()).toEqual([...routed].sort());
    }
  });

  it("wires every route of a group into that group's router, and nothing else", () => {
    for (const group of routeGroups) {
      const router = readFileSync(path.join(functionsDir, group, 'router.ts'), 'utf8');
      const wired = [...router.matchAll(/import \{ handler as \w+ \} from '\.\/([\w-]+)';/g)].map(
        (m) => `${group}/${m[1]}`,
      );
      expect(wired.sort(), group).toEqual(
        routes
          .filter((r) => r.group === group)
          .map((r) => r.handler)
          .sort(),
      );
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
