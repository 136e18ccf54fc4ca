/**
 * The route table: pure data, read by the local HTTP server, by each Lambda group's router
 * and by the CDK api stack. Paths are relative to API_BASE and use API Gateway's `{param}` syntax.
 * `handler` names the file `functions/<handler>.ts`, which exports `handler`.
 */
export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Who may call: anyone, a signed-in client user, a signed-in super admin. */
export type AuthKind = 'public' | 'client' | 'admin';
/** One Lambda function per group. */
export type RouteGroup = 'system' | 'auth' | 'me' | 'config';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  auth: AuthKind;
  handler: string;
  group: RouteGroup;
}

const r = (
  method: HttpMethod,
  path: string,
  auth: AuthKind,
  group: RouteGroup,
  handler: string,
): RouteDef => ({
  method,
  path,
  auth,
  group,
  handler,
});

export const routes: readonly RouteDef[] = [
  r('GET', '/health', 'public', 'system', 'system/get-health'),

  // Sign-in, recovery and reset (admin-and-auth §7).
  r('POST', '/client/auth/login', 'public', 'auth', 'auth/client-login'),
  r('POST', '/admin/auth/login', 'public', 'auth', 'auth/admin-login'),
  r('POST', '/client/auth/logout', 'client', 'auth', 'auth/client-logout'),
  r('POST', '/admin/auth/logout', 'admin', 'auth', 'auth/admin-logout'),
  r('POST', '/client/auth/refresh', 'public', 'auth', 'auth/client-refresh'),
  r('POST', '/client/auth/recovery', 'public', 'auth', 'auth/client-recovery'),
  r('POST', '/admin/auth/recovery', 'public', 'auth', 'auth/admin-recovery'),
  r('POST', '/client/auth/reset', 'public', 'auth', 'auth/client-reset'),
  r('POST', '/admin/auth/reset', 'public', 'auth', 'auth/admin-reset'),

  // The signed-in user (client-area §7 "Me and auth").
  r('POST', '/client/passwordChange', 'client', 'me', 'me/client-password-change'),
  r('POST', '/admin/passwordChange', 'admin', 'me', 'me/admin-password-change'),
  r('GET', '/client/me', 'client', 'me', 'me/get-client-me'),
  r('GET', '/admin/me', 'admin', 'me', 'me/get-admin-me'),
  r('GET', '/client/aboutMe', 'client', 'me', 'me/get-about-me'),
  r('GET', '/client/mypackage', 'client', 'me', 'me/get-my-package'),
  r('POST', '/client/profileChange', 'client', 'me', 'me/client-profile-change'),
  r('POST', '/admin/profileChange', 'admin', 'me', 'me/admin-profile-change'),
  r('GET', '/client/resetPIN', 'client', 'me', 'me/reset-pin'),
  r('POST', '/client/uploads', 'client', 'me', 'me/client-create-upload'),
  r('POST', '/admin/uploads', 'admin', 'me', 'me/admin-create-upload'),

  // Configuration lists (admin-and-auth §2 "Configuration tabs") and client lookups.
  r('GET', '/admin/amenities', 'admin', 'config', 'config/list-amenities'),
  r('POST', '/admin/amenities', 'admin', 'config', 'config/create-amenity'),
  r('PUT', '/admin/amenities/{id}', 'admin', 'config', 'config/update-amenity'),
  r('GET', '/admin/spaceType', 'admin', 'config', 'config/list-space-types'),
  r('POST', '/admin/spaceType', 'admin', 'config', 'config/create-space-type'),
  r('PUT', '/admin/spaceType/{id}', 'admin', 'config', 'config/update-space-type'),
  r('GET', '/admin/venueType', 'admin', 'config', 'config/list-venue-types'),
  r('POST', '/admin/venueType', 'admin', 'config', 'config/create-venue-type'),
  r('PUT', '/admin/venueType/{id}', 'admin', 'config', 'config/update-venue-type'),
  r('GET', '/client/amenities', 'client', 'config', 'config/client-list-amenities'),
  r('GET', '/client/venue_types', 'client', 'config', 'config/client-list-venue-types'),
  r('GET', '/client/space_types', 'client', 'config', 'config/client-list-space-types'),
  r('GET', '/client/timezones', 'client', 'config', 'config/client-list-timezones'),
];

export const routeGroups = [...new Set(routes.map((route) => route.group))];
