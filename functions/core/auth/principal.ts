import type { ClientRole, RolesAttr } from '@shared/roles';
import type { AccountItem, AdminItem, DeviceItem, UserItem } from '../table/entities';

/** A signed-in client user, loaded from DynamoDB on every request. */
export interface ClientPrincipal {
  kind: 'client';
  userId: string;
  accountId: string;
  role: ClientRole;
  rolesAttr: RolesAttr;
  email: string;
  firstName: string;
  lastName?: string;
  photoUri?: string;
  /** The records loaded to authenticate, for handlers that answer with them. */
  user: UserItem;
  account: AccountItem;
  /**
   * The super admin acting as this user, when the token is an impersonation token
   * (GET /admin/impersonate/{id}); their changes are logged with both people.
   */
  impersonatedBy?: { adminId: string; email: string };
  /** The token's `jti`: what ends an impersonation session at its logout. */
  tokenId?: string;
}

/** A signed-in super admin. */
export interface AdminPrincipal {
  kind: 'admin';
  adminId: string;
  email: string;
  firstName: string;
  lastName?: string;
  photoUri?: string;
  admin: AdminItem;
}

export type Principal = ClientPrincipal | AdminPrincipal;

/** A room-display device, by its own secret token (functions/core/auth/device-auth.ts). */
export interface DevicePrincipal {
  kind: 'device';
  deviceId: string;
  device: DeviceItem;
  /** Items of its room read with it (its poll's ETag named them): what they are is checked before use. */
  roomItems?: Array<Record<string, unknown>>;
}
