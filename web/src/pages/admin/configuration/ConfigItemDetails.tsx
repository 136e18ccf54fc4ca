import { Button, Flex } from '@aws-amplify/ui-react';
import type { ConfigItem } from '../../../../../shared/schemas/config';
import { DetailRow } from '../../../components/DetailRow';
import { formatDateTime } from '../../../format';
import { StatusBadge } from '../../../components/StatusBadge';

/** Read-only details of one item, with Edit. */
export function ConfigItemDetails({ item, onEdit }: { item: ConfigItem; onEdit: () => void }) {
  return (
    <Flex direction="column" gap="medium">
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Title">{item.title}</DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={item.status} />
        </DetailRow>
        <DetailRow label="Created">{formatDateTime(item.created_at)}</DetailRow>
        <DetailRow label="Updated">{formatDateTime(item.updated_at)}</DetailRow>
      </Flex>
      <Flex>
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
      </Flex>
    </Flex>
  );
}
