import { Unauthorized } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { db, type AdminItem, type SignInChallengeItem, type UserItem } from '@core/table/entities';
import type { Owner } from '@core/auth/session-store';
import { changedMeanwhile, runSteps, type Entities } from '@core/table/transactions';

/**
 * People's second factor (functions/auth/second-factor.ts): the fields on the admin or user
 * item, and the sign-ins waiting for a code (`CHALLENGE#<hash>#`).
 */

export type Person = AdminItem | UserItem;

export async function putChallenge(challenge: SignInChallengeItem): Promise<void> {
  await db().entities.signInChallenge.put(challenge).go({ response: 'none' });
}

export async function getChallenge(tokenHash: string): Promise<SignInChallengeItem | null> {
  const { data } = await db()
    .entities.signInChallenge.get({ token_hash: tokenHash })
    .go({ consistent: true });
  return data;
}

function personPatch(e: Entities, owner: Owner) {
  return owner.area === 'client'
    ? e.user.patch({ account_id: owner.accountId!, user_id: owner.ownerId })
    : e.admin.patch({ admin_id: owner.ownerId });
}

export const expiredSignIn = () => new Unauthorized('This sign-in has expired. Please log in again');
export const usedCode = () =>
  new Unauthorized('This code has been used already. Wait for the next code from your authenticator app');

/**
 * Completes a sign-in's second factor in one transaction: the challenge goes (it must still be
 * there: good once), and the person's last accepted time step moves to `step`, on condition that
 * it is still the one read (so one code wins a race). An enrolment also keeps the new secret, on
 * condition that the person has none yet.
 */
export async function completeChallenge(
  challenge: SignInChallengeItem,
  owner: Owner,
  read: Person,
  step: number,
): Promise<void> {
  const enrol = challenge.kind === 'enrol';
  await runSteps((e) => [
    [
      e.signInChallenge
        .delete({ token_hash: challenge.token_hash })
        .where((c, { exists }) => exists(c.token_hash))
        .commit(),
      expiredSignIn,
    ],
    [
      personPatch(e, owner)
        .set({
          mfa_last_step: step,
          ...(enrol ? { mfa_secret: challenge.secret!, mfa_enabled_at: new Date().toISOString() } : {}),
        })
        .where((p, { eq, notExists }) =>
          [
            read.mfa_last_step === undefined
              ? notExists(p.mfa_last_step)
              : eq(p.mfa_last_step, read.mfa_last_step),
            enrol ? notExists(p.mfa_secret) : eq(p.mfa_secret, read.mfa_secret!),
          ].join(' AND '),
        )
        .commit(),
      usedCode,
    ],
  ]);
}

/**
 * Takes a person's second factor away and ends their sessions, with the activity entry: their
 * next sign-in sets one up again. The item must exist.
 */
export async function removeSecondFactor(owner: Owner, activity: ActivityInput): Promise<void> {
  await runSteps(
    (e) => [
      [
        personPatch(e, owner)
          .set({ sessions_ended_at: Date.now(), sessions_admitted: [] })
          .remove(['mfa_secret', 'mfa_enabled_at', 'mfa_last_step', 'mfa_setup_secret'])
          .commit(),
        changedMeanwhile,
      ],
    ],
    activity,
  );
}

/** Keeps a client user's new secret until a code confirms it (replacing an earlier one). */
export async function keepSetupSecret(owner: Owner, sealed: string): Promise<void> {
  const patch =
    owner.area === 'client'
      ? db().entities.user.patch({ account_id: owner.accountId!, user_id: owner.ownerId })
      : db().entities.admin.patch({ admin_id: owner.ownerId });
  await patch.set({ mfa_setup_secret: sealed }).go({ response: 'none' });
}

/**
 * Turns a client user's second factor on with the secret set up, whose code for `step` was
 * given: on condition that it is still that secret and none is on; every session ends.
 */
export async function enableSecondFactor(
  owner: Owner,
  read: Person,
  step: number,
  activity: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [
        personPatch(e, owner)
          .set({
            mfa_secret: read.mfa_setup_secret!,
            mfa_enabled_at: new Date().toISOString(),
            mfa_last_step: step,
            sessions_ended_at: Date.now(),
            sessions_admitted: [],
          })
          .remove(['mfa_setup_secret'])
          .where((p, { eq, notExists }) =>
            [eq(p.mfa_setup_secret, read.mfa_setup_secret!), notExists(p.mfa_secret)].join(' AND '),
          )
          .commit(),
        changedMeanwhile,
      ],
    ],
    activity,
  );
}

/** Turns a client user's second factor off, on condition that it is still the secret read. */
export async function disableSecondFactor(
  owner: Owner,
  read: Person,
  activity: ActivityInput,
): Promise<void> {
  await runSteps(
    (e) => [
      [
        personPatch(e, owner)
          .remove(['mfa_secret', 'mfa_enabled_at', 'mfa_last_step'])
          .where((p, { eq }) => eq(p.mfa_secret, read.mfa_secret!))
          .commit(),
        changedMeanwhile,
      ],
    ],
    activity,
  );
}
