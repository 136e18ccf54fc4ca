import { NotFound } from '@core/errors';
import type { ActivityInput } from '@core/table/activity-entry';
import { changedMeanwhile, runSteps } from '@core/table/transactions';
import { batchGet, pick } from '@core/table/batch-get';
import { db, type BannerItem, type PackageItem } from '@core/table/entities';

/** Banner announcements: one item each, all of them in gsi1 `BANNERS#` newest first (pattern 21). */

/** Every banner, newest first: one Query. */
export async function listBannerItems(): Promise<BannerItem[]> {
  const { data } = await db().entities.banner.query.all({}).go({ order: 'desc', pages: 'all' });
  return data;
}

/** A banner by id (consistent). */
export async function getBanner(bannerId: string): Promise<BannerItem | null> {
  const { data } = await db().entities.banner.get({ banner_id: bannerId }).go({ consistent: true });
  return data;
}

/**
 * A banner (when `bannerId` is given) and packages by id, in one consistent BatchGetItem: what a
 * banner's form needs to check that it names existing packages.
 */
export async function getBannerAndPackages(
  bannerId: string | undefined,
  packageIds: string[],
): Promise<{ banner: BannerItem | null; packages: PackageItem[] }> {
  const { banner, package: packages } = db().entities;
  const keys = [
    ...(bannerId ? [banner.get({ banner_id: bannerId }).params().Key] : []),
    ...packageIds.map((id) => packages.get({ package_id: id }).params().Key),
  ];
  if (!keys.length) return { banner: null, packages: [] };
  const items = await batchGet(keys, { consistent: true });
  return {
    banner: bannerId ? pick(items, (answer) => banner.parse(answer)) : null,
    packages: items
      .map((Item) => packages.parse({ Item }).data)
      .filter((item): item is PackageItem => item !== null),
  };
}

/** Writes a new banner with the activity entry, in one transaction. */
export async function insertBanner(item: BannerItem, activity: ActivityInput): Promise<void> {
  await runSteps((e) => [[e.banner.create(item).commit(), changedMeanwhile]], activity);
}

export type BannerFields = Pick<
  BannerItem,
  | 'title'
  | 'message'
  | 'expiration_date'
  | 'on_login_page'
  | 'for_packages'
  | 'hideable'
  | 'position'
  | 'status'
>;

/**
 * Saves a banner's fields with the activity entry, on condition that nobody changed it since it
 * was read. Answers the banner as written.
 */
export async function saveBanner(
  current: BannerItem,
  changes: BannerFields,
  activity: ActivityInput,
): Promise<BannerItem> {
  const updated_at = new Date().toISOString();
  await runSteps(
    (e) => [
      [
        e.banner
          .patch({ banner_id: current.banner_id })
          .set({ ...changes, updated_at })
          .where(({ updated_at: stamp }, { eq }) => eq(stamp, current.updated_at))
          .commit(),
        changedMeanwhile,
      ],
    ],
    activity,
  );
  return { ...current, ...changes, updated_at };
}

/** Deletes a banner with the activity entry; one that no longer exists is a 404. */
export async function deleteBannerItem(bannerId: string, activity: ActivityInput): Promise<void> {
  await runSteps(
    (e) => [[e.banner.remove({ banner_id: bannerId }).commit(), () => new NotFound('Banner')]],
    activity,
  );
}
