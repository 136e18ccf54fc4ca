import type { ActivityInput } from '../table/activity-entry';
import { Conflict } from '../errors';
import type { Area } from '../auth/tokens';
import { db } from '../table/entities';
import type { Owner } from '../auth/session-store';
import { changedMeanwhile, runSteps, type Entities, type Step } from '../table/transactions';

/**
 * Social sign-ins: the guard `SOCIAL#<area>#` / `GUARD#<provider>:<subject>#` names the person
 * a provider's subject belongs to (pattern 26), and the person's `social_links` lists theirs, one
 * per provider (pattern 76). A guard counts only while its person lists the link.
 */
const socialScope = (area: Area) => `SOCIAL#${area}`;
export const identityOf = (provider: string, subject: string) => `${provider}:${subject}`;

export interface SocialLink {
  provider: string;
  subject: string;
  email?: string;
  linked_at: string;
}

/** What a person item holds of their social sign-ins. */
export interface SocialHolder {
  social_links?: SocialLink[];
  social_unlinked?: string[];
}

/** The person's links, one per provider. */
export function linksOf(person: SocialHolder): SocialLink[] {
  return (person.social_links ?? []).filter((link) => typeof link === 'object' && link !== null);
}

/** Whether the person holds the link `<provider>:<subject>` (a session from it lasts as long). */
export function holdsLink(person: SocialHolder, identity: string): boolean {
  return linksOf(person).some((link) => identityOf(link.provider, link.subject) === identity);
}

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

function patchPerson(e: Entities, owner: Owner) {
  return owner.area === 'client'
    ? e.user.patch({ account_id: owner.accountId!, user_id: owner.ownerId })
    : e.admin.patch({ admin_id: owner.ownerId });
}

/**
 * Records that `owner`, found by the address `email`, signs in with the provider's subject: the
 * guard and the person's list, in one transaction, on condition that the person still has that
 * address and the links read. A link of the same provider is replaced. A guard left by a link
 * that is gone (`staleOwner`) is taken over; a subject that someone else holds answers 409.
 */
export async function linkSocialIdentity(
  owner: Owner,
  person: SocialHolder & { email: string },
  link: { provider: string; subject: string; email: string },
  staleOwner?: string,
): Promise<void> {
  const identity = identityOf(link.provider, link.subject);
  const current = linksOf(person);
  const replaced = current.filter((l) => l.provider === link.provider);
  const links = [
    ...current.filter((l) => l.provider !== link.provider),
    { ...link, linked_at: new Date().toISOString() },
  ];
  const taken = () => new Conflict('This sign-in is already linked to another user');
  await runSteps((e) => [
    [
      e.guard
        .put({
          scope: socialScope(owner.area),
          value: identity,
          owner_id: owner.ownerId,
          ...(owner.accountId ? { account_id: owner.accountId } : {}),
        })
        .where((g, op) => (staleOwner ? op.eq(g.owner_id, staleOwner) : op.notExists(g.owner_id)))
        .commit(),
      taken,
    ],
    ...replaced.map((old): Step => [
      e.guard
        .delete({ scope: socialScope(owner.area), value: identityOf(old.provider, old.subject) })
        .commit(),
      changedMeanwhile,
    ]),
    [
      patchPerson(e, owner)
        .set({ social_links: links })
        .where((p, op) => `${op.eq(p.email, person.email)} AND ${linksRead(op, p.social_links, person)}`)
        .commit(),
      () => new Conflict('The user was changed meanwhile. Please try again'),
    ],
  ]);
}

interface ConditionOps {
  eq: (attribute: never, value: never) => string;
  notExists: (attribute: never) => string;
}

/** The condition that the person's links are as read. */
function linksRead(op: ConditionOps, attribute: unknown, person: SocialHolder): string {
  return person.social_links === undefined
    ? op.notExists(attribute as never)
    : op.eq(attribute as never, person.social_links as never);
}

/**
 * The person unlinks their sign-in with `provider` (pattern 77): the link and its guard go, the
 * subject is remembered as unlinked (so that the provider's address no longer links it again),
 * and the activity entry is written, all in one transaction on the links read. Answers the link
 * removed, or null when there was none.
 */
export async function unlinkSocialProvider(
  owner: Owner,
  person: SocialHolder,
  provider: string,
  activity: (link: SocialLink) => ActivityInput,
): Promise<SocialLink | null> {
  const link = linksOf(person).find((l) => l.provider === provider);
  if (!link) return null;
  const identity = identityOf(link.provider, link.subject);
  const unlinked = [...(person.social_unlinked ?? []).filter((i) => i !== identity), identity];
  await runSteps(
    (e) => [
      [
        patchPerson(e, owner)
          .set({ social_links: linksOf(person).filter((l) => l !== link), social_unlinked: unlinked })
          .where((p, op) => linksRead(op, p.social_links, person))
          .commit(),
        changedMeanwhile,
      ],
      [e.guard.delete({ scope: socialScope(owner.area), value: identity }).commit(), changedMeanwhile],
    ],
    activity(link),
  );
  return link;
}

/**
 * The guards of every link of a person, deleted in the transaction of a change made by someone
 * else to their e-mail address (the person's patch removes `socialAttributes` in the same one).
 */
export function dropSocialLinkSteps(e: Entities, area: Area, person: SocialHolder): Step[] {
  return linksOf(person).map((link): Step => [
    e.guard.delete({ scope: socialScope(area), value: identityOf(link.provider, link.subject) }).commit(),
    changedMeanwhile,
  ]);
}

/** What a person item keeps of their social sign-ins, removed when their address is changed for them. */
export const socialAttributes = ['social_links', 'social_unlinked'] as const;
