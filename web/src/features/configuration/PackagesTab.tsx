import { Button, Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import type { Package } from '@shared/schemas/packages';
import { usePackages } from '../platform/api';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { StatusBadge } from '@web/components/StatusBadge';
import { PackageDetails } from './PackageDetails';
import { PackageForm } from './PackageForm';
import { flagsText, packageLimits, packageRoles } from './packageText';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel = { mode: 'closed' } | { mode: 'edit'; item: Package | null } | { mode: 'details'; item: Package };

const column = createColumnHelper<Package>();

/** The Packages tab: table with search, pages and sorting; ADD; row menu Details / Edit. */
export function PackagesTab() {
  const { data, isLoading } = usePackages();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);

  const columns = useMemo(
    () => [
      column.accessor('name', { header: 'Name' }),
      column.accessor((pkg) => packageRoles(pkg).join(', '), { id: 'roles', header: 'Roles' }),
      column.display({
        id: 'limits',
        header: 'Limits',
        cell: ({ row }) => (
          <Flex direction="column" gap="0">
            {packageLimits.map(({ name, short }) => (
              <Text as="span" key={name} whiteSpace="nowrap">
                {short} {row.original[name]}
              </Text>
            ))}
          </Flex>
        ),
      }),
      column.accessor(flagsText, { id: 'flags', header: 'Flags', enableSorting: false }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => (
          <RowMenu
            label={`Actions for ${row.original.name}`}
            items={[
              { label: 'Details', onClick: () => setPanel({ mode: 'details', item: row.original }) },
              { label: 'Edit', onClick: () => setPanel({ mode: 'edit', item: row.original }) },
            ]}
          />
        ),
      }),
    ],
    [],
  );

  if (isLoading) return <PageLoader />;
  return (
    <>
      <DataTable
        data={data ?? []}
        columns={columns}
        label="Packages"
        emptyText="No packages found"
        actions={
          <Button
            variation="primary"
            textTransform="uppercase"
            onClick={() => setPanel({ mode: 'edit', item: null })}
          >
            Add Package
          </Button>
        }
      />
      {panel.mode === 'details' && (
        <SidePanel title="Package details" onClose={close}>
          <PackageDetails pkg={panel.item} onEdit={() => setPanel({ mode: 'edit', item: panel.item })} />
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={panel.item ? 'Edit Package' : 'Add Package'} onClose={close}>
          <PackageForm key={panel.item?.id ?? 'new'} pkg={panel.item} onSaved={close} onCancel={close} />
        </SidePanel>
      )}
    </>
  );
}
