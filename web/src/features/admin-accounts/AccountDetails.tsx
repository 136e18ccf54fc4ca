import { Button, Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Account } from '@shared/schemas/accounts';
import { AccountLogo } from '@web/components/AccountLogo';
import { DetailRow } from '@web/components/DetailRow';
import { StatusBadge } from '@web/components/StatusBadge';
import { formatDateTime } from '@web/format';
import { formatDay, personName } from './text';

/**
 * Read-only details of an account (the dashboard's account panel, the accounts list's details,
 * the account's General Details): the spec's name, package, package dates, address, city, state
 * and zip, then the rest it has. Edit, when offered, switches to the form.
 */
export function AccountDetails({
  account,
  onEdit,
  children,
}: {
  account: Account;
  onEdit?: () => void;
  /** More actions beside Edit (e.g. links to the account's users and licences). */
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="medium">
      {account.logo_url && <AccountLogo src={account.logo_url} name={account.name} />}
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Name">{account.name}</DetailRow>
        <DetailRow label="Package">{account.package?.name ?? '—'}</DetailRow>
        <DetailRow label="Package start date">{formatDay(account.package_start_date)}</DetailRow>
        <DetailRow label="Package end date">{formatDay(account.package_end_date)}</DetailRow>
        <DetailRow label="Address">{account.address ?? '—'}</DetailRow>
        <DetailRow label="City">{account.city ?? '—'}</DetailRow>
        <DetailRow label="State">{account.state ?? '—'}</DetailRow>
        <DetailRow label="Zip code">{account.zipcode ?? '—'}</DetailRow>
        <DetailRow label="Country">{account.country ?? '—'}</DetailRow>
        <DetailRow label="Domain">{account.domain ?? '—'}</DetailRow>
        <DetailRow label="Account Admin">
          {account.admin ? `${personName(account.admin)} (${account.admin.email})` : '—'}
        </DetailRow>
        <DetailRow label="Users">{account.total_users}</DetailRow>
        <DetailRow label="Status">
          <StatusBadge status={account.status} />
        </DetailRow>
        <DetailRow label="Created">{formatDateTime(account.created_at)}</DetailRow>
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
