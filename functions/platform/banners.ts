import { ulid } from 'ulid';
import type * as z from 'zod';
import {
  bannerValues,
  type Banner,
  type bannerInputSchema,
  type bannerPosition,
} from '@shared/schemas/banners';
import {
  deleteBannerItem,
  getBanner,
  getBannerAndPackages,
  insertBanner,
  listBannerItems,
  saveBanner,
  type BannerFields,
} from './banner-store';
import type { BannerItem } from '@core/table/entities';
import { Invalid, NotFound } from '@core/errors';
import type { AdminPrincipal, ClientPrincipal } from '@core/auth/principal';
import { today } from '../screens';

/**
 * Banner announcements (docs/product/admin-and-auth.md §3 Banner announcement, §5, §9): shown on the login pages
 * or in the client area for every package or the chosen ones, until their expiration date.
 */
export type BannerInput = z.output<typeof bannerInputSchema>;

function toBanner(item: BannerItem): Banner {
  return {
    id: item.banner_id,
    title: item.title,
    message: item.message,
    expiration_date: item.expiration_date,
    on_login_page: item.on_login_page,
    for_login_page: item.on_login_page,
    for_packages: item.for_packages.join(','),
    hideable: item.hideable,
    position: item.position as z.infer<typeof bannerPosition>,
    status: item.status,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** A banner is shown through its expiration date, UTC. */
const showing = (item: BannerItem) => item.status === 'Active' && item.expiration_date >= today();

/** Every banner, newest first. */
export async function listBanners(): Promise<Banner[]> {
  return (await listBannerItems()).map(toBanner);
}

/** The active, unexpired banners of the login pages (public). */
export async function loginBanners(): Promise<Banner[]> {
  return (await listBannerItems()).filter((item) => showing(item) && item.on_login_page).map(toBanner);
}

/** The active, unexpired banners for every package or for the caller's account's package. */
export async function clientBanners(principal: ClientPrincipal): Promise<Banner[]> {
  const packageId = principal.account.package_id;
  return (await listBannerItems())
    .filter((item) => showing(item) && (!item.for_packages.length || item.for_packages.includes(packageId)))
    .map(toBanner);
}

export async function getBannerById(bannerId: string): Promise<Banner> {
  const item = await getBanner(bannerId);
  if (!item) throw new NotFound('Banner');
  return toBanner(item);
}

/**
 * The form's fields, read as stored; every package named must exist (422). The banner being
 * changed comes in the same read.
 */
async function fieldsOf(
  input: BannerInput,
  bannerId?: string,
): Promise<{ fields: Omit<BannerFields, 'status'>; current: BannerItem | null }> {
  const values = bannerValues(input);
  const packageIds = [...new Set(values.for_packages)];
  const { banner, packages } = await getBannerAndPackages(bannerId, packageIds);
  if (bannerId && !banner) throw new NotFound('Banner');
  const known = new Set(packages.map((p) => p.package_id));
  if (packageIds.some((id) => !known.has(id))) {
    throw new Invalid({ for_packages: 'Choose packages that exist' });
  }
  return {
    current: banner,
    fields: {
      title: values.title,
      message: values.message,
      expiration_date: values.expiration_date,
      on_login_page: values.on_login_page,
      for_packages: packageIds,
      hideable: values.hideable,
      position: values.position,
    },
  };
}

export async function createBanner(principal: AdminPrincipal, input: BannerInput): Promise<Banner> {
  const { fields } = await fieldsOf(input);
  const now = new Date().toISOString();
  const item: BannerItem = {
    banner_id: ulid(),
    ...fields,
    status: input.status ?? 'Active',
    created_at: now,
    updated_at: now,
  };
  await insertBanner(item, {
    principal,
    component: 'Banner',
    componentId: item.banner_id,
    activity: `Created banner ${item.title}`,
  });
  return toBanner(item);
}

/**
 * Replaces a banner's fields with the form's (those it leaves out take their defaults, as on
 * create); the status left out is kept.
 */
export async function updateBanner(
  principal: AdminPrincipal,
  bannerId: string,
  input: BannerInput,
): Promise<Banner> {
  const { fields, current } = await fieldsOf(input, bannerId);
  const saved = await saveBanner(
    current!,
    { ...fields, status: input.status ?? current!.status },
    {
      principal,
      component: 'Banner',
      componentId: bannerId,
      activity: `Updated banner ${fields.title}`,
    },
  );
  return toBanner(saved);
}

export async function deleteBanner(principal: AdminPrincipal, bannerId: string): Promise<void> {
  const current = await getBanner(bannerId);
  if (!current) throw new NotFound('Banner');
  await deleteBannerItem(bannerId, {
    principal,
    component: 'Banner',
    componentId: bannerId,
    activity: `Deleted banner ${current.title}`,
  });
}
