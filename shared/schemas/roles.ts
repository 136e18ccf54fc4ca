import * as z from 'zod';
import { clientRoles, type RolesAttr } from '../roles';

/**
 * The schemas of roles and role attributes, apart from `shared/roles.ts` so that the web's role
 * checks do not load zod.
 */
export const clientRoleSchema = z.enum(clientRoles);

const flags = <const K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.boolean()])) as Record<K, z.ZodBoolean>);

/** The role attributes of docs/product/client-area.md §6, as `GET /client/me` answers them. */
export const rolesAttrSchema = z.object({
  statistics: z.boolean(),
  dashboard: flags('visible', 'recentvenues', 'recentspaces', 'recentbookings'),
  account: z.object({ visible: z.boolean(), permission: flags('add') }),
  venue: flags('visible'),
  venues: z.object({ permission: flags('add', 'edit', '3rdPartyAccountManage') }),
  spaces: z.object({ permission: flags('add', 'edit') }),
  screens: z.object({ permission: flags('add', 'addVisibility') }),
  events: z.object({ visible: z.boolean(), permission: flags('add', 'edit', 'delete') }),
}) satisfies z.ZodType<RolesAttr>;
export type { RolesAttr } from '../roles';
