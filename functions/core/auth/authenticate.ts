import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { rolesAttrFor } from '@shared/roles';
import { getUserAndAccount } from '../people/user-store';
import { getAdmin } from '../people/admin-store';
import { holdsLink, type SocialHolder } from '../people/social-store';
import { Forbidden, Unauthorized } from '../errors';
import type { AccountItem, AdminItem, UserItem } from '../table/entities';
import type { AdminPrincipal, ClientPrincipal, Principal } from './principal';
import { accountSessionOpen, sessionOpen } from './session-rule';
import { parseClientUsername, verifyAccessToken, type VerifiedToken } from './tokens';

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(event: Partial<Pick<APIGatewayProxyEventV2, 'headers'>>): string | undefined {
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
  return area === 'client' ? loadClient(verified) : loadAdmin(verified.username, verified);
}

/**
 * A session that began with a social sign-in lasts as long as the person holds that link: an
 * unlink, or an e-mail change made for them, ends it (functions/core/people/social-store.ts).
 */
function socialLinkKept(person: SocialHolder, token: VerifiedToken): boolean {
  return token.socialLink === undefined || holdsLink(person, token.socialLink);
}

/**
 * A client user's token is good while their sessions and their account's have not ended since
 * it was issued (functions/core/auth/session-rule.ts). An impersonation token must also have been
 * admitted by its `jti` when it was issued — the user's logout forgets it, so the session ends
 * exactly — and its super admin must still be active, signed in since before it was issued.
 */
async function loadClient(token: VerifiedToken): Promise<ClientPrincipal> {
  const ended = new Unauthorized('Your session has ended. Please log in again');
  const ids = parseClientUsername(token.username);
  if (!ids) throw ended;
  const actorId = token.actor?.adminId;
  const { user, account, admin } = await getUserAndAccount(ids.accountId, ids.userId, actorId);
  if (!user) throw ended;
  if (user.status !== 'Active') throw new Unauthorized('Your user is inactive');
  if (!account || account.status !== 'Active') throw new Unauthorized('Your account is inactive');
  if (actorId) {
    if (!token.jti || !user.sessions_admitted.includes(token.jti)) throw ended;
    if (!admin || admin.status !== 'Active' || admin.sessions_ended_at >= token.issuedAt * 1000) throw ended;
  } else if (!sessionOpen(user, token)) throw ended;
  if (!accountSessionOpen(account, token) || !socialLinkKept(user, token)) throw ended;
  return {
    ...clientPrincipal(user, account),
    ...(admin && token.jti
      ? { impersonatedBy: { adminId: admin.admin_id, email: admin.email }, tokenId: token.jti }
      : {}),
  };
}

async function loadAdmin(adminId: string, token: VerifiedToken): Promise<AdminPrincipal> {
  const admin = await getAdmin(adminId);
  if (!admin || !sessionOpen(admin, token) || !socialLinkKept(admin, token))
    throw new Unauthorized('Your session has ended. Please log in again');
  if (admin.status !== 'Active') throw new Unauthorized('Your user is inactive');
  return adminPrincipal(admin);
}

/** A client user of an account as the principal of their requests (also what the seed acts as). */
export function clientPrincipal(user: UserItem, account: AccountItem): ClientPrincipal {
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

/** A super admin as the principal of their requests (also what the seed acts as). */
export function adminPrincipal(admin: AdminItem): AdminPrincipal {
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
