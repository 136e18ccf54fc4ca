import type { EntityItem } from 'electrodb';
import { Conflict } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { db, type SpaceItem } from '@core/table/entities';
import type { spaceFeedEntity } from '@core/table/model/bookings';
import { runSteps, type Step } from '@core/table/transactions';

/**
 * Space calendar feeds (docs/data-model.md, pattern 44): the item of a secret token, which names
 * its space, and the space's `feed_token`, which shows the URL again. Both change in one
 * transaction, conditioned on the token the space had, so of two concurrent first askings or
 * rotations one wins and the other is told so. The space's `version` is left alone: it orders
 * the space's bookings' writes, which a new URL does not touch.
 */

export type SpaceFeedItem = EntityItem<typeof spaceFeedEntity>;

/** The feed a token opens (pattern 44), or null. */
export async function getSpaceFeedItem(token: string): Promise<SpaceFeedItem | null> {
  const { data } = await db().entities.spaceFeed.get({ token }).go();
  return data;
}

/** The 409 of a feed another request made or replaced meanwhile. */
export const feedChangedMeanwhile = () =>
  new Conflict("The space's calendar URL was changed meanwhile. Reload and try again");

/**
 * Gives the space the feed `token` with the change's activity entry: writes its item and sets the
 * space's `feed_token`, on condition that the space still has the token it was read with (none,
 * the first time); the previous token's item is deleted, so its URL stops working.
 */
export async function replaceSpaceFeed(
  space: SpaceItem,
  token: string,
  activity: ActivityInput,
): Promise<void> {
  const { account_id, space_id, feed_token: previous } = space;
  await runSteps(
    (e) => [
      [e.spaceFeed.create({ token, account_id, space_id }).commit(), feedChangedMeanwhile],
      [
        e.space
          .patch({ account_id, space_id })
          .set({ feed_token: token })
          .where((attributes, { eq, notExists }) =>
            previous ? eq(attributes.feed_token, previous) : notExists(attributes.feed_token),
          )
          .commit(),
        feedChangedMeanwhile,
      ],
      ...(previous
        ? [[e.spaceFeed.delete({ token: previous }).commit(), feedChangedMeanwhile] satisfies Step]
        : []),
    ],
    activity,
  );
}
