import { ulid } from 'ulid';
import type * as z from 'zod';
import type { impersonationSchema } from '@shared/schemas/accounts';
import { admitImpersonation, findUser } from '../team';
import { Conflict, NotFound } from '@core/errors';
import type { AdminPrincipal } from '@core/auth/principal';
import { apiTokenSeconds, clientUsername, signApiToken } from '@core/auth/tokens';
import { fullName } from '@core/people/names';

/**
 * A super admin acting as a client user (docs/product/admin-and-auth.md §4 "Impersonation"): a client-area
 * token signed by the API for at most an hour, naming the admin in its `act` claim, admitted on
 * the user by its `jti` so that the user's logout ends it, and logged in the platform's activity.
 * What is done with it is logged with both people; it cannot change the password or the PIN.
 */
export async function impersonate(
  principal: AdminPrincipal,
  userId: string,
): Promise<z.output<typeof impersonationSchema>> {
  const user = await findUser(userId);
  if (!user) throw new NotFound('User');
  if (user.status !== 'Active') throw new Conflict('This user is inactive');
  const jti = ulid();
  const accessToken = await signApiToken({
    area: 'client',
    username: clientUsername(user.account_id, user.user_id),
    subject: user.user_id,
    actorId: principal.adminId,
    jti,
    issuedAt: Math.floor(Date.now() / 1000),
  });
  await admitImpersonation(user, jti, {
    principal,
    component: 'User',
    componentId: user.user_id,
    activity: `Impersonated ${fullName(user)}`,
  });
  return { access_token: accessToken, token_type: 'bearer', expires_in: apiTokenSeconds };
}
