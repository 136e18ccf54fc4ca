import { Button, Flex } from '@aws-amplify/ui-react';
import type { Licence } from '@shared/schemas/licences';
import { DetailRow } from '@web/components/DetailRow';
import { StatusBadge } from '@web/components/StatusBadge';
import { formatDateTime } from '@web/format';
import { formatAmount, formatDay } from '../admin-accounts/text';

/** Read-only details of a licence, with Edit. */
export function LicenceDetails({ licence, onEdit }: { licence: Licence; onEdit: () => void }) {
  return (
    <Flex direction="column" gap="medium">
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="License">#{licence.licence_no}</DetailRow>
        <DetailRow label="Type">{licence.licence_type}</DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={licence.status} />
        </DetailRow>
        <DetailRow label="Screen">{licence.screen?.name || '—'}</DetailRow>
        <DetailRow label="Purchase date">{formatDay(licence.purchase_date)}</DetailRow>
        <DetailRow label="Expiration date">{formatDay(licence.expiration_date)}</DetailRow>
        <DetailRow label="Order number">{licence.order_no ?? '—'}</DetailRow>
        <DetailRow label="Amount">{formatAmount(licence.amount)}</DetailRow>
        <DetailRow label="Note">{licence.note ?? '—'}</DetailRow>
        <DetailRow label="Created">{formatDateTime(licence.created_at)}</DetailRow>
        <DetailRow label="Updated">{formatDateTime(licence.updated_at)}</DetailRow>
      </Flex>
      <Flex>
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
      </Flex>
    </Flex>
  );
}
