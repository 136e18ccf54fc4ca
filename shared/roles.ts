/**
 * Client roles and their role attributes (docs/product/client-area.md §6). The server enforces the same
 * attributes the SPA uses to show menus and buttons; docs/decisions.md records the values.
 */
type Flags<K extends string> = Record<K, boolean>;

/** The role attributes of docs/product/client-area.md §6, as `GET /client/me` answers them (its schema: schemas/roles.ts). */
export interface RolesAttr {
  statistics: boolean;
  dashboard: Flags<'visible' | 'recentvenues' | 'recentspaces' | 'recentbookings'>;
  account: { visible: boolean; permission: Flags<'add'> };
  venue: Flags<'visible'>;
  venues: { permission: Flags<'add' | 'edit' | '3rdPartyAccountManage'> };
  spaces: { permission: Flags<'add' | 'edit'> };
  screens: { permission: Flags<'add' | 'addVisibility'> };
  events: { visible: boolean; permission: Flags<'add' | 'edit' | 'delete'> };
}

export const clientRoles = ['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer'] as const;
export type ClientRole = (typeof clientRoles)[number];

/** The paths into RolesAttr that name a flag, e.g. `'venues.permission.edit'`. */
type FlagPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends boolean ? `${Prefix}${K}` : FlagPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type RoleFlag = FlagPaths<RolesAttr>;

/** Whether a role's attributes allow `flag`: the one check the API and the SPA both make. */
export function allows(attrs: RolesAttr, flag: RoleFlag): boolean {
  let value: unknown = attrs;
  for (const key of flag.split('.')) value = (value as Record<string, unknown>)[key];
  return value === true;
}

const attrs: Record<ClientRole, RolesAttr> = {
  'Account Admin': {
    statistics: true,
    dashboard: { visible: true, recentvenues: true, recentspaces: true, recentbookings: true },
    account: { visible: true, permission: { add: true } },
    venue: { visible: true },
    venues: { permission: { add: true, edit: true, '3rdPartyAccountManage': true } },
    spaces: { permission: { add: true, edit: true } },
    screens: { permission: { add: true, addVisibility: true } },
    events: { visible: true, permission: { add: true, edit: true, delete: true } },
  },
  'Venue Manager': {
    statistics: true,
    dashboard: { visible: true, recentvenues: true, recentspaces: true, recentbookings: true },
    account: { visible: false, permission: { add: false } },
    venue: { visible: true },
    venues: { permission: { add: false, edit: true, '3rdPartyAccountManage': true } },
    spaces: { permission: { add: true, edit: true } },
    screens: { permission: { add: true, addVisibility: true } },
    events: { visible: true, permission: { add: true, edit: true, delete: true } },
  },
  'Event Coordinator': {
    statistics: false,
    dashboard: { visible: true, recentvenues: false, recentspaces: true, recentbookings: true },
    account: { visible: false, permission: { add: false } },
    venue: { visible: true },
    venues: { permission: { add: false, edit: false, '3rdPartyAccountManage': false } },
    spaces: { permission: { add: false, edit: false } },
    screens: { permission: { add: false, addVisibility: false } },
    events: { visible: true, permission: { add: true, edit: true, delete: true } },
  },
  Viewer: {
    statistics: false,
    dashboard: { visible: true, recentvenues: false, recentspaces: false, recentbookings: true },
    account: { visible: false, permission: { add: false } },
    venue: { visible: false },
    venues: { permission: { add: false, edit: false, '3rdPartyAccountManage': false } },
    spaces: { permission: { add: false, edit: false } },
    screens: { permission: { add: false, addVisibility: false } },
    events: { visible: true, permission: { add: false, edit: false, delete: false } },
  },
};

export function rolesAttrFor(role: ClientRole): RolesAttr {
  return attrs[role];
}

/** The client sections of /c, in menu order, with the attribute that shows each. */
export const clientSections = [
  {
    key: 'dashboard',
    path: '/c/dashboard',
    label: 'Dashboard',
    visible: (a: RolesAttr) => a.dashboard.visible,
  },
  {
    key: 'account',
    path: '/c/account-management',
    label: 'Account',
    visible: (a: RolesAttr) => a.account.visible,
  },
  { key: 'venue', path: '/c/venues', label: 'Venues', visible: (a: RolesAttr) => a.venue.visible },
  { key: 'events', path: '/c/booking', label: 'Events', visible: (a: RolesAttr) => a.events.visible },
] as const;

export type ClientSectionKey = (typeof clientSections)[number]['key'];
