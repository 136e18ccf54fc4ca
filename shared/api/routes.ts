import { accountsRoutes } from './accounts-routes';
import { authRoutes } from './auth-routes';
import { bookingsRoutes } from './bookings-routes';
import { calendarsRoutes } from './calendars-routes';
import { configRoutes } from './config-routes';
import { deviceRoutes } from './device-routes';
import type { RouteDef } from './contract';
import { meRoutes } from './me-routes';
import { platformRoutes } from './platform-routes';
import { screensRoutes } from './screens-routes';
import { slideshowsRoutes } from './slideshows-routes';
import { spacesRoutes } from './spaces-routes';
import { systemRoutes } from './system-routes';
import { teamRoutes } from './team-routes';
import { venuesRoutes } from './venues-routes';

/**
 * The route table: every route of the API, as data (shared/api/contract.ts). Each group
 * declares its routes in `shared/api/<group>-routes.ts`, bound to handlers in
 * `functions/<group>/handlers.ts`; the local HTTP server, the CDK api stack, the OpenAPI document,
 * the contract tests and the SPA's calls read them from here, each group's Lambda only its own.
 * Paths are relative to API_BASE (docs/architecture.md §17).
 */
export const routes: readonly RouteDef[] = [
  systemRoutes,
  authRoutes,
  meRoutes,
  configRoutes,
  accountsRoutes,
  platformRoutes,
  teamRoutes,
  venuesRoutes,
  spacesRoutes,
  screensRoutes,
  bookingsRoutes,
  slideshowsRoutes,
  deviceRoutes,
  calendarsRoutes,
].flatMap((group) => Object.values(group) as RouteDef[]);

export {
  API_BASE,
  routeGroups,
  type AuthKind,
  type HttpMethod,
  type RouteDef,
  type RouteGroup,
} from './contract';
