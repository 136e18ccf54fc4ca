import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { Banner } from '../../../../../shared/schemas/banners';
import type { Package } from '../../../../../shared/schemas/packages';
import { DetailRow } from '../../../components/DetailRow';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../format';
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
    <Flex direction="column" gap="medium">
      <Flex as="dl" direction="column" gap="small" margin="0">
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
        <DetailRow label="Status">
          <StatusBadge status={banner.status} />
        </DetailRow>
        <DetailRow label="Created">{formatDateTime(banner.created_at)}</DetailRow>
        <DetailRow label="Updated">{formatDateTime(banner.updated_at)}</DetailRow>
      </Flex>
      <Flex>
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
      </Flex>
    </Flex>
  );
}
