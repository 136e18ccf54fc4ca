import type { ClientRole, RolesAttr } from '../../shared/roles';

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
  /** The super admin acting as this user, when the token is an impersonation token. */
  impersonatorId?: string;
}

/** A signed-in super admin. */
export interface AdminPrincipal {
  kind: 'admin';
  adminId: string;
  email: string;
  firstName: string;
  lastName?: string;
  photoUri?: string;
}

export type Principal = ClientPrincipal | AdminPrincipal;

export function principalId(principal: Principal): string {
  return principal.kind === 'client' ? principal.userId : principal.adminId;
}
