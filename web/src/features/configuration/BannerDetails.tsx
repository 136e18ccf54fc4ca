import { Text } from '@aws-amplify/ui-react';
import type { Banner } from '@shared/schemas/banners';
import type { Package } from '@shared/schemas/packages';
import { DetailRow } from '@web/components/DetailRow';
import { RecordDetails } from '@web/components/RecordDetails';
import { formatDay, packagesText, positionLabels, yesNo } from './bannerText';

/** Read-only details of one banner announcement, with Edit. */
export function BannerDetails({
  banner,
  packages,
  onEdit,
}: {
  banner: Banner;
  packages: readonly Package[] | undefined;
  onEdit: () => void;
}) {
  return (
    <RecordDetails record={banner} onEdit={onEdit}>
      <DetailRow label="Title">{banner.title}</DetailRow>
      <DetailRow label="Message">
        <Text as="span" whiteSpace="pre-line">
          {banner.message}
        </Text>
      </DetailRow>
      <DetailRow label="Expiration date">{formatDay(banner.expiration_date)}</DetailRow>
      <DetailRow label="On the login pages">{yesNo(banner.on_login_page)}</DetailRow>
      <DetailRow label="Packages">{packagesText(banner, packages)}</DetailRow>
      <DetailRow label="Hideable">{yesNo(banner.hideable)}</DetailRow>
      <DetailRow label="Position">{positionLabels[banner.position]}</DetailRow>
    </RecordDetails>
  );
}
