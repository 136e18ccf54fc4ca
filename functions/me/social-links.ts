import { socialProviderNames, type SocialProvider } from '@shared/social';
import type { LinkedSignIn } from '@shared/schemas/me';
import { linksOf, unlinkSocialProvider, type SocialHolder, type SocialLink } from '@core/people/social-store';
import type { Owner } from '@core/auth/session-store';
import { NotFound } from '@core/errors';
import type { Principal } from '@core/auth/principal';
import { refuseImpersonation } from '../auth';

/**
 * The signed-in person's linked social sign-ins (docs/decisions.md "Linked sign-ins"): listed from
 * their own item, which the request loaded to authenticate (no further read), and unlinked one
 * provider at a time, logged. A session that began with the link ends with it.
 */

function ownerOf(principal: Principal): { owner: Owner; person: SocialHolder } {
  return principal.kind === 'client'
    ? {
        owner: { area: 'client', ownerId: principal.userId, accountId: principal.accountId },
        person: principal.user,
      }
    : { owner: { area: 'admin', ownerId: principal.adminId }, person: principal.admin };
}

const answer = (link: SocialLink): LinkedSignIn => ({
  provider: link.provider as SocialProvider,
  email: link.email ?? null,
  linked_at: link.linked_at,
});

/** GET /{area}/me/sign-ins: the person's links, oldest first. */
export function linkedSignIns(principal: Principal): LinkedSignIn[] {
  return linksOf(ownerOf(principal).person)
    .map(answer)
    .sort((a, b) => a.linked_at.localeCompare(b.linked_at));
}

/**
 * DELETE /{area}/me/sign-ins/{provider}: the provider no longer signs the person in, by its subject
 * or by their address; 404 when it is not linked, 403 while a super admin acts as the user.
 * Answers the message to show.
 */
export async function unlinkSignIn(principal: Principal, provider: SocialProvider): Promise<string> {
  refuseImpersonation(principal, 'linked sign-ins');
  const { owner, person } = ownerOf(principal);
  const name = socialProviderNames[provider];
  const removed = await unlinkSocialProvider(owner, person, provider, (link) => ({
    principal,
    component: principal.kind === 'client' ? 'User' : 'Admin',
    componentId: owner.ownerId,
    activity: `Unlinked their ${name} sign-in${link.email ? ` (${link.email})` : ''}`,
  }));
  if (!removed) throw new NotFound(`${name} sign-in`);
  return `${name} sign-in unlinked`;
}

/**
 * What an e-mail change made for someone else does to their social sign-ins: the links belonged
 * to the person who had the address, so they all go, in the change's transaction
 * (docs/decisions.md "Linked sign-ins"). Answers whether to drop them, and the words the change's
 * activity entry adds ('and unlinked their Google and Microsoft sign-ins'), empty when none.
 */
export function socialLinksOnEmailChange(
  principal: Principal,
  person: SocialHolder & { email: string },
  personId: string,
  newEmail: string,
): { drop: boolean; note: string } {
  const own =
    principal.kind === 'client'
      ? principal.userId === personId && !principal.impersonatedBy
      : principal.adminId === personId;
  const drop = newEmail !== person.email && !own;
  const names = drop
    ? linksOf(person).map((link) => socialProviderNames[link.provider as SocialProvider] ?? link.provider)
    : [];
  if (!names.length) return { drop, note: '' };
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return { drop, note: ` and unlinked their ${list} sign-in${names.length === 1 ? '' : 's'}` };
}
