import { Avatar, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { AdminUser } from '@shared/schemas/admins';
import { DetailRow } from '@web/components/DetailRow';
import { StatusBadge } from '@web/components/StatusBadge';
import { formatDateTime } from '@web/format';
import { adminInitials, adminName } from './adminText';

/** Read-only details of one admin user, with Edit and Activity Log. */
export function AdminDetails({
  admin,
  onEdit,
  onActivity,
}: {
  admin: AdminUser;
  onEdit: () => void;
  onActivity: () => void;
}) {
  return (
    <Flex direction="column" gap="medium">
      <Flex alignItems="center" gap="medium">
        <Avatar src={admin.photo_url ?? undefined} alt={`Photo of ${adminName(admin)}`} size="large">
          {adminInitials(admin)}
        </Avatar>
        <Text fontSize="large" fontWeight="bold">
          {adminName(admin)}
        </Text>
      </Flex>
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Designation">{admin.designation || '—'}</DetailRow>
        <DetailRow label="E-mail">{admin.email}</DetailRow>
        <DetailRow label="Phone">{admin.phone_no || '—'}</DetailRow>
        <DetailRow label="Cell">{admin.cell_no || '—'}</DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={admin.status} />
        </DetailRow>
        <DetailRow label="Created">
          {formatDateTime(admin.created_at)}
          {admin.created_by && ` by ${admin.created_by.email}`}
        </DetailRow>
        <DetailRow label="Updated">
          {formatDateTime(admin.updated_at)}
          {admin.modified_by && ` by ${admin.modified_by.email}`}
        </DetailRow>
      </Flex>
      <Flex gap="small">
        <Button variation="primary" onClick={onEdit}>
          Edit
        </Button>
        <Button onClick={onActivity}>Activity Log</Button>
      </Flex>
    </Flex>
  );
}
