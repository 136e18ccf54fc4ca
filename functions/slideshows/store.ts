import type { ActivityInput } from '@core/table/activity-entry';
import { db, type SlideshowItem, type SpaceItem } from '@core/table/entities';
import { Conflict } from '@core/errors';
import { changedMeanwhile, runSteps, type Entities, type Step } from '@core/table/transactions';

/**
 * Slideshows of a space (docs/data-model.md): one item each under the account, listed by one
 * Query of `SLIDESHOW#<spaceId>#`. The space names its active one (`slideshow_id`,
 * `slideshow_status`); each slide's file has a guard so that it belongs to one slideshow.
 */

/** The slideshows of a space, oldest first (ids are ULIDs). */
export async function listSlideshowItems(
  accountId: string,
  spaceId: string,
  options: { consistent?: boolean } = {},
): Promise<SlideshowItem[]> {
  const { data } = await db()
    .entities.slideshow.query.bySpace({ account_id: accountId, space_id: spaceId })
    .go({ pages: 'all', consistent: options.consistent });
  return data;
}

/** The guard scope of slide files: one slideshow of the account per file. */
const slideFileScope = (accountId: string) => `ACCOUNT#${accountId}#SLIDEFILE`;

const fileInAnotherSlideshow = () =>
  new Conflict('A file of this slideshow belongs to another slideshow. Upload it again');

/** What a slideshow write changes on its space: its active slideshow. */
export interface ActiveSlideshowChange {
  /** The active slideshow's id; null removes it. */
  slideshow_id: string | null;
  slideshow_status: 0 | 1;
}

export interface SlideshowWrite {
  /** The space as read: its version is the write's condition when the active slideshow changes. */
  space: SpaceItem;
  /** The slideshow as read (an update or a delete); absent for a new one. */
  before?: SlideshowItem;
  /** The slideshow to write; absent for a delete. */
  after?: SlideshowItem;
  /** The space's previously active slideshow, to turn off. */
  deactivate?: SlideshowItem;
  spaceChange?: ActiveSlideshowChange;
  addedFiles: readonly string[];
  removedFiles: readonly string[];
}

/**
 * Writes a slideshow change in one transaction with its activity entry: the slideshow (on the
 * condition that it is the version read), the guards of its added and removed files, the previously
 * active slideshow turned off, and the space's active slideshow (on the space's version).
 */
export async function writeSlideshow(write: SlideshowWrite, activity: ActivityInput): Promise<void> {
  const { space, before, after, deactivate, spaceChange } = write;
  const { account_id, space_id } = space;
  const scope = slideFileScope(account_id);
  const ownerId = (after ?? before)!.slideshow_id;
  await runSteps(
    (e) => [
      ...slideshowSteps(e, before, after),
      ...write.addedFiles.map((file): Step => [
        e.guard.create({ scope, value: file, owner_id: ownerId, account_id }).commit(),
        fileInAnotherSlideshow,
      ]),
      ...write.removedFiles.map((file): Step => [
        e.guard.delete({ scope, value: file }).commit(),
        changedMeanwhile,
      ]),
      ...(deactivate
        ? [
            [
              e.slideshow
                .patch({ account_id, space_id, slideshow_id: deactivate.slideshow_id })
                .set({ slideshow_status: 0 })
                .add({ version: 1 })
                .where(({ version }, { eq }) => eq(version, deactivate.version))
                .commit(),
              changedMeanwhile,
            ] as Step,
          ]
        : []),
      ...(spaceChange
        ? [
            [
              spaceChange.slideshow_id === null
                ? e.space
                    .patch({ account_id, space_id })
                    .set({ slideshow_status: 0 })
                    .remove(['slideshow_id'])
                    .add({ version: 1, display_version: 1 })
                    .where(({ version }, { eq }) => eq(version, space.version))
                    .commit()
                : e.space
                    .patch({ account_id, space_id })
                    .set({
                      slideshow_id: spaceChange.slideshow_id,
                      slideshow_status: spaceChange.slideshow_status,
                    })
                    .add({ version: 1, display_version: 1 })
                    .where(({ version }, { eq }) => eq(version, space.version))
                    .commit(),
              changedMeanwhile,
            ] as Step,
          ]
        : [
            // The space's displays show the change (their slideshow's slides, say).
            [
              e.space.patch({ account_id, space_id }).add({ display_version: 1 }).commit(),
              changedMeanwhile,
            ] as Step,
          ]),
    ],
    activity,
  );
}

function slideshowSteps(e: Entities, before?: SlideshowItem, after?: SlideshowItem): Step[] {
  if (after && !before) return [[e.slideshow.create(after).commit(), changedMeanwhile]];
  if (after && before) {
    const { account_id, space_id, slideshow_id } = before;
    return [
      [
        e.slideshow
          .patch({ account_id, space_id, slideshow_id })
          .set({
            name: after.name,
            transition: after.transition,
            duration: after.duration,
            randomize: after.randomize,
            slideshow_status: after.slideshow_status,
            slides: after.slides,
            updated_at: after.updated_at,
          })
          .add({ version: 1 })
          .where(({ version }, { eq }) => eq(version, before.version))
          .commit(),
        changedMeanwhile,
      ],
    ];
  }
  if (before) {
    const { account_id, space_id, slideshow_id } = before;
    return [
      [
        e.slideshow
          .delete({ account_id, space_id, slideshow_id })
          .where(({ version }, { eq }) => eq(version, before.version))
          .commit(),
        changedMeanwhile,
      ],
    ];
  }
  return [];
}
