import { Avatar, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { AccountUser } from '@shared/schemas/accounts';
import type { Area } from '../../auth/session';
import { DetailRow } from '../DetailRow';
import { initials, personName } from '../../format';
import { RecordDetails } from '../RecordDetails';

/**
 * Read-only details of an account user; Edit, when offered, switches to the form. The PIN shows
 * in the client area only: it is not shown to super admins (docs/product/admin-and-auth.md §6).
 */
export function UserDetails({
  area,
  user,
  account,
  onEdit,
  children,
}: {
  /** Where the details show: the client area's Account section, or the admin area. */
  area: Area;
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
      <RecordDetails record={user} onEdit={onEdit} actions={children}>
        <DetailRow label="Name">{personName(user)}</DetailRow>
        {account !== undefined && <DetailRow label="Account">{account}</DetailRow>}
        <DetailRow label="E-mail">{user.email}</DetailRow>
        <DetailRow label="Role">{user.user_role}</DetailRow>
        <DetailRow label="Phone">{user.phone_no ?? '—'}</DetailRow>
        <DetailRow label="Cell">{user.cell_no ?? '—'}</DetailRow>
        {area === 'client' && <DetailRow label="PIN">{user.pin_number}</DetailRow>}
      </RecordDetails>
    </Flex>
  );
}
