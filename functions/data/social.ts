import { Conflict } from '../http/errors';
import type { Area } from '../http/tokens';
import { db } from './entities';
import type { Owner } from './sessions';
import { runSteps } from './transactions';

/**
 * Social identities: the guard `SOCIAL#<area>#` / `GUARD#<provider>:<subject>#` names the person
 * a provider's subject belongs to (pattern 26), and the person's `social_identities` lists theirs.
 */
const socialScope = (area: Area) => `SOCIAL#${area}`;
const identityOf = (provider: string, subject: string) => `${provider}:${subject}`;

/** Who a provider's subject signed in as before, read from its guard, strongly consistent. */
export async function findSocialOwner(
  area: Area,
  provider: string,
  subject: string,
): Promise<{ ownerId: string; accountId?: string } | null> {
  const { data } = await db()
    .entities.guard.get({ scope: socialScope(area), value: identityOf(provider, subject) })
    .go({ consistent: true });
  return data ? { ownerId: data.owner_id, accountId: data.account_id } : null;
}

/**
 * Records that `owner` signs in with the provider's subject: the guard and the person's list,
 * in one transaction. A subject that someone took meanwhile answers 409.
 */
export async function linkSocialIdentity(owner: Owner, provider: string, subject: string): Promise<void> {
  const identity = identityOf(provider, subject);
  await runSteps(({ guard, user, admin }) => [
    [
      guard
        .create({
          scope: socialScope(owner.area),
          value: identity,
          owner_id: owner.ownerId,
          ...(owner.accountId ? { account_id: owner.accountId } : {}),
        })
        .commit(),
      () => new Conflict('This sign-in is already linked to another user'),
    ],
    [
      (owner.area === 'client'
        ? user.patch({ account_id: owner.accountId!, user_id: owner.ownerId })
        : admin.patch({ admin_id: owner.ownerId })
      )
        .append({ social_identities: [identity] })
        .commit(),
      () => new Conflict('The user was changed meanwhile. Please try again'),
    ],
  ]);
}
