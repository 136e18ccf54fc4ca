import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { ConfigItem } from '../../../../../shared/schemas/config';
import { formatDateTime } from '../../../format';
import { StatusBadge } from './StatusBadge';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex direction="column" gap="0">
      <Text as="dt" fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text as="dd" margin="0">
        {children}
      </Text>
    </Flex>
  );
}

/** Read-only details of one item, with Edit. */
export function ConfigItemDetails({ item, onEdit }: { item: ConfigItem; onEdit: () => void }) {
  return (
    <Flex direction="column" gap="medium">
      <Flex as="dl" direction="column" gap="small" margin="0">
        <Row label="Title">{item.title}</Row>
        <Row label="Status">
          <StatusBadge status={item.status} />
        </Row>
        <Row label="Created">{formatDateTime(item.created_at)}</Row>
        <Row label="Updated">{formatDateTime(item.updated_at)}</Row>
      </Flex>
      <Flex>
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
      </Flex>
    </Flex>
  );
}
