import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { rolesAttrFor } from '../../shared/roles';
import { getUserAndAccount } from '../data/users';
import { getAdmin } from '../data/admins';
import { Forbidden, Unauthorized } from './errors';
import type { AdminPrincipal, ClientPrincipal, Principal } from './principal';
import { sessionOpen } from './session-rule';
import { parseClientUsername, verifyAccessToken, type TokenStamp } from './tokens';

export function bearerToken(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Verifies the bearer token and loads the principal for a client or admin route. A valid
 * token of the other area answers 403; a missing, invalid or revoked token 401. The user's
 * status and role are read from DynamoDB on every request, so changes take effect at once.
 */
export async function authenticate(
  event: APIGatewayProxyEventV2,
  area: 'client' | 'admin',
): Promise<Principal> {
  const token = bearerToken(event);
  if (!token) throw new Unauthorized('Please log in');
  const verified = await verifyAccessToken(token);
  if (!verified) throw new Unauthorized('Your session has expired. Please log in again');
  if (verified.area !== area) throw new Forbidden('This sign-in cannot be used here');
  return area === 'client' ? loadClient(verified.username, verified) : loadAdmin(verified.username, verified);
}

async function loadClient(username: string, token: TokenStamp): Promise<ClientPrincipal> {
  const ids = parseClientUsername(username);
  if (!ids) throw new Unauthorized('Your session has ended. Please log in again');
  const { user, account } = await getUserAndAccount(ids.accountId, ids.userId);
  if (!user || !sessionOpen(user, token))
    throw new Unauthorized('Your session has ended. Please log in again');
  if (user.status !== 'Active') throw new Unauthorized('Your user is inactive');
  if (!account || account.status !== 'Active') throw new Unauthorized('Your account is inactive');
  return {
    kind: 'client',
    userId: user.user_id,
    accountId: user.account_id,
    role: user.user_role,
    rolesAttr: rolesAttrFor(user.user_role),
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    photoUri: user.photo_uri,
    user,
    account,
  };
}

async function loadAdmin(adminId: string, token: TokenStamp): Promise<AdminPrincipal> {
  const admin = await getAdmin(adminId);
  if (!admin || !sessionOpen(admin, token))
    throw new Unauthorized('Your session has ended. Please log in again');
  if (admin.status !== 'Active') throw new Unauthorized('Your user is inactive');
  return {
    kind: 'admin',
    adminId: admin.admin_id,
    email: admin.email,
    firstName: admin.first_name,
    lastName: admin.last_name,
    photoUri: admin.photo_uri,
    admin,
  };
}
