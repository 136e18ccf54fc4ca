import type { Banner } from '@shared/schemas/banners';
import type { Package } from '@shared/schemas/packages';
import { formatDate } from '@web/format';

/** How the banners tab names a banner's parts. */

export const positionLabels: Record<Banner['position'], string> = {
  'top-left': 'Top left',
  'top-center': 'Top centre',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-center': 'Bottom centre',
  'bottom-right': 'Bottom right',
};

/** The package ids of the wire's comma string. */
export const bannerPackageIds = (banner: Pick<Banner, 'for_packages'>) =>
  banner.for_packages
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The packages a banner is for, by name ('All packages' when none is named). */
export function packagesText(banner: Banner, packages: readonly Package[] | undefined): string {
  const ids = bannerPackageIds(banner);
  if (ids.length === 0) return 'All packages';
  return ids.map((id) => packages?.find((p) => p.id === id)?.name ?? 'Unknown package').join(', ');
}

/** A `YYYY-MM-DD` date in the user's locale. */
export const formatDay = (day: string) => formatDate(`${day}T00:00:00`);

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
