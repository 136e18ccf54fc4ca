import { Button, Flex, Heading, View, VisuallyHidden } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Account } from '@shared/schemas/accounts';
import type { Status } from '@shared/schemas/common';
import { useAccounts } from './api';
import { AccountLogo } from '@web/components/AccountLogo';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { AccountDetails } from './AccountDetails';
import { AccountForm } from './AccountForm';
import { AccountStatusSwitch } from './AccountStatusSwitch';
import { accountAddress } from './text';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel =
  { mode: 'closed' } | { mode: 'edit'; account: Account | null } | { mode: 'details'; account: Account };

/** A table row: the shown fields (what the search reads) and the account. */
interface AccountRow {
  id: string;
  name: string;
  address: string;
  domain: string;
  package: string;
  admin_email: string;
  status: Status;
  account: Account;
}

const toRow = (account: Account): AccountRow => ({
  id: account.id,
  name: account.name,
  address: accountAddress(account),
  domain: account.domain ?? '',
  package: account.package?.name ?? '',
  admin_email: account.admin?.email ?? '',
  status: account.status,
  account,
});

const column = createColumnHelper<AccountRow>();

/**
 * /admin/accounts (docs/product/admin-and-auth.md §2 "Accounts list"): logo, account, address, domain, package and
 * the status toggle; the table's search reads every shown field and the admin's e-mail; row menu
 * Details, Edit, Screen Licences, Users; ADD ACCOUNT.
 */
export function AccountsPage() {
  const navigate = useNavigate();
  const { data, isLoading } = useAccounts();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);
  const rows = useMemo(() => (data ?? []).map(toRow), [data]);

  const columns = useMemo(
    () => [
      column.display({
        id: 'logo',
        header: 'Logo',
        cell: ({ row }) =>
          row.original.account.logo_url ? (
            <AccountLogo
              src={row.original.account.logo_url}
              name={row.original.name}
              maxHeight="2rem"
              maxWidth="5rem"
            />
          ) : (
            <VisuallyHidden>No logo</VisuallyHidden>
          ),
      }),
      column.accessor('name', { header: 'Account' }),
      column.accessor('address', { header: 'Address' }),
      column.accessor('domain', { header: 'Domain' }),
      column.accessor('package', { header: 'Package' }),
      column.accessor('status', {
        header: 'Status',
        cell: ({ row }) => <AccountStatusSwitch account={row.original.account} />,
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => {
          const account = row.original.account;
          return (
            <RowMenu
              label={`Actions for ${account.name}`}
              items={[
                { label: 'Details', onClick: () => setPanel({ mode: 'details', account }) },
                { label: 'Edit', onClick: () => setPanel({ mode: 'edit', account }) },
                {
                  label: 'Screen Licences',
                  onClick: () => void navigate(`/admin/accounts/${account.id}/licenses`),
                },
                { label: 'Users', onClick: () => void navigate(`/admin/accounts/${account.id}/users`) },
              ]}
            />
          );
        },
      }),
    ],
    [navigate],
  );

  // The panel shows the account as the list has it now (e.g. after a status change).
  const current = (account: Account) => data?.find((a) => a.id === account.id) ?? account;

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Accounts</Heading>
      {isLoading ? (
        <PageLoader />
      ) : (
        <View overflow="auto">
          <DataTable
            data={rows}
            columns={columns}
            label="Accounts"
            emptyText="No accounts found"
            actions={
              <Button
                variation="primary"
                textTransform="uppercase"
                onClick={() => setPanel({ mode: 'edit', account: null })}
              >
                Add account
              </Button>
            }
          />
        </View>
      )}
      {panel.mode === 'details' && (
        <SidePanel title="Account details" onClose={close}>
          <AccountDetails
            account={current(panel.account)}
            onEdit={() => setPanel({ mode: 'edit', account: current(panel.account) })}
          >
            <Button onClick={() => void navigate(`/admin/accounts/${panel.account.id}/users`)}>Users</Button>
            <Button onClick={() => void navigate(`/admin/accounts/${panel.account.id}/licenses`)}>
              Screen Licences
            </Button>
          </AccountDetails>
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={panel.account ? 'Edit account' : 'Add account'} onClose={close}>
          <AccountForm
            key={panel.account?.id ?? 'new'}
            account={panel.account}
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      )}
    </Flex>
  );
}
