import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Status } from '@shared/schemas/common';
import { formatDateTime } from '../format';
import { DetailRow } from './DetailRow';
import { StatusBadge } from './StatusBadge';

/**
 * The read-only side of a side panel (docs/product/client-area.md §4, docs/product/admin-and-auth.md §4): the record's rows
 * (`children`), then its status, created and updated times, and Edit (when offered) beside any
 * further actions.
 */
export function RecordDetails({
  record,
  onEdit,
  actions,
  children,
}: {
  record: { status: Status; created_at: string; updated_at: string };
  onEdit?: () => void;
  /** More buttons beside Edit. */
  actions?: ReactNode;
  /** `DetailRow`s of the record's own fields. */
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="medium">
      <Flex as="dl" direction="column" gap="small" margin="0">
        {children}
        <DetailRow label="Status">
          <StatusBadge status={record.status} />
        </DetailRow>
        <DetailRow label="Created">{formatDateTime(record.created_at)}</DetailRow>
        <DetailRow label="Updated">{formatDateTime(record.updated_at)}</DetailRow>
      </Flex>
      {(onEdit || actions) && (
        <Flex gap="small" wrap="wrap">
          {onEdit && (
            <Button variation="primary" onClick={onEdit}>
              Edit
            </Button>
          )}
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
