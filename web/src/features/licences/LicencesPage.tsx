import {
  Button,
  Flex,
  Heading,
  Link,
  Pagination,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Licence } from '@shared/schemas/licences';
import { accountsRoutes } from '@shared/api/accounts-routes';
import { revalidateLicences, useAccount, useLicences } from '../admin-accounts/api';
import { callRoute } from '@web/api/call';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { StatusBadge } from '@web/components/StatusBadge';
import { formatAmount, formatDay } from '../admin-accounts/text';
import { LicenceDetails } from './LicenceDetails';
import { AddLicencesForm, EditLicenceForm } from './LicenceForms';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add, edit, details. Closing resets the selection. */
type Panel =
  | { mode: 'closed' }
  | { mode: 'add' }
  | { mode: 'edit'; licence: Licence }
  | { mode: 'details'; licence: Licence };

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 300;

const headers = [
  'License',
  'Type',
  'Order number',
  'Purchase date',
  'Expiration date',
  'Amount',
  'Screen',
  'Status',
];

/**
 * /admin/accounts/{account_id}/licenses (docs/product/admin-and-auth.md §2 "Licences screen"): the account's
 * licences as the API pages them (10 a page, searched on the server), ADD LICENSE in bulk, row menu
 * Details / Edit / Delete (after 'Are you sure you want to delete License #{number}?'), status
 * Active in the active style and any other in the inactive one, and a link back to the accounts.
 */
export function LicencesPage() {
  const { account_id: accountId = '' } = useParams();
  return <AccountLicences key={accountId} accountId={accountId} />;
}

function AccountLicences({ accountId }: { accountId: string }) {
  const { mutate } = useSWRConfig();
  const { data: account } = useAccount(accountId);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useLicences(accountId, query, page);
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Licence | null>(null);
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const rows = data?.data ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page))) : 1;

  const remove = async (licence: Licence) => {
    setDeleting(null);
    try {
      const reply = await callRoute(accountsRoutes['delete-licence'], {
        params: { id: accountId, licenceId: licence.id },
      });
      toast.success(reply.message ?? 'License deleted');
      // The last row of a later page: show the page before.
      if (rows.length === 1 && page > 1) setPage(page - 1);
      await revalidateLicences(mutate, accountId);
    } catch {
      // Toasted by the fetch client (e.g. a licence a screen uses).
    }
  };

  return (
    <Flex direction="column" gap="medium">
      <Link as={RouterLink} to="/admin/accounts" alignSelf="flex-start">
        ← Accounts
      </Link>
      <Flex direction="column" gap="xxs">
        <Heading level={1}>Screen licences</Heading>
        {account && <Text color="font.secondary">{account.name}</Text>}
      </Flex>
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
        <SearchField
          label="Search licenses"
          placeholder="Search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onClear={() => setSearch('')}
          hasSearchButton={false}
        />
        <Button variation="primary" textTransform="uppercase" onClick={() => setPanel({ mode: 'add' })}>
          Add license
        </Button>
      </Flex>
      {isLoading && !data ? (
        <PageLoader />
      ) : (
        <View overflow="auto">
          <Table caption={<VisuallyHidden>Licenses</VisuallyHidden>} highlightOnHover variation="striped">
            <TableHead>
              <TableRow>
                {headers.map((header) => (
                  <TableCell as="th" key={header}>
                    {header}
                  </TableCell>
                ))}
                <TableCell as="th">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={headers.length + 1}>
                    <Text>No licenses found</Text>
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((licence) => (
                  <TableRow key={licence.id}>
                    <TableCell>#{licence.licence_no}</TableCell>
                    <TableCell>{licence.licence_type}</TableCell>
                    <TableCell>{licence.order_no ?? ''}</TableCell>
                    <TableCell>{formatDay(licence.purchase_date)}</TableCell>
                    <TableCell>{formatDay(licence.expiration_date)}</TableCell>
                    <TableCell>{formatAmount(licence.amount)}</TableCell>
                    <TableCell>{licence.screen?.name ?? ''}</TableCell>
                    <TableCell>
                      <StatusBadge status={licence.status} />
                    </TableCell>
                    <TableCell>
                      <RowMenu
                        label={`Actions for License #${licence.licence_no}`}
                        items={[
                          { label: 'Details', onClick: () => setPanel({ mode: 'details', licence }) },
                          { label: 'Edit', onClick: () => setPanel({ mode: 'edit', licence }) },
                          { label: 'Delete', onClick: () => setDeleting(licence) },
                        ]}
                      />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </View>
      )}
      {pages > 1 && (
        <Pagination
          currentPage={page}
          totalPages={pages}
          onNext={() => setPage(Math.min(pages, page + 1))}
          onPrevious={() => setPage(Math.max(1, page - 1))}
          onChange={(next) => setPage(next ?? 1)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          message={`Are you sure you want to delete License #${deleting.licence_no}?`}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      {panel.mode === 'add' && (
        <SidePanel title="Add licenses" onClose={close}>
          <AddLicencesForm accountId={accountId} onSaved={close} onCancel={close} />
        </SidePanel>
      )}
      {panel.mode === 'details' && (
        <SidePanel title={`License #${panel.licence.licence_no}`} onClose={close}>
          <LicenceDetails
            licence={panel.licence}
            onEdit={() => setPanel({ mode: 'edit', licence: panel.licence })}
          />
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={`Edit License #${panel.licence.licence_no}`} onClose={close}>
          <EditLicenceForm
            key={panel.licence.id}
            accountId={accountId}
            licence={panel.licence}
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      )}
    </Flex>
  );
}
