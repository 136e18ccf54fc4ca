import { Avatar, Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { AccountUser } from '../../../../shared/schemas/accounts';
import { DetailRow } from '../DetailRow';
import { StatusBadge } from '../StatusBadge';
import { formatDateTime, initials, personName } from '../../format';

/** Read-only details of an account user; Edit, when offered, switches to the form. */
export function UserDetails({
  user,
  account,
  onEdit,
  children,
}: {
  user: AccountUser;
  /** The account's name, where the page does not already say it (the dashboard). */
  account?: string;
  onEdit?: () => void;
  /** More actions beside Edit. */
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="medium">
      <Avatar src={user.photo_url ?? undefined} alt={`Photo of ${personName(user)}`} size="large">
        {initials(user)}
      </Avatar>
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Name">{personName(user)}</DetailRow>
        {account !== undefined && <DetailRow label="Account">{account}</DetailRow>}
        <DetailRow label="E-mail">{user.email}</DetailRow>
        <DetailRow label="Role">{user.user_role}</DetailRow>
        <DetailRow label="Phone">{user.phone_no ?? '—'}</DetailRow>
        <DetailRow label="Cell">{user.cell_no ?? '—'}</DetailRow>
        <DetailRow label="PIN">{user.pin_number}</DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={user.status} />
        </DetailRow>
        <DetailRow label="Created">{formatDateTime(user.created_at)}</DetailRow>
        <DetailRow label="Updated">{formatDateTime(user.updated_at)}</DetailRow>
      </Flex>
      {(onEdit || children) && (
        <Flex gap="small" wrap="wrap">
          {onEdit && (
            <Button variation="primary" onClick={onEdit}>
              Edit
            </Button>
          )}
          {children}
        </Flex>
      )}
    </Flex>
  );
}
