import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { configLabels, type ConfigItem, type ConfigKind } from '@shared/schemas/config';
import { useConfigItems } from '@web/api/admin-config';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { formatDate } from '@web/format';
import { ConfigItemDetails } from './ConfigItemDetails';
import { ConfigItemForm } from './ConfigItemForm';
import { StatusBadge } from '@web/components/StatusBadge';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel =
  { mode: 'closed' } | { mode: 'edit'; item: ConfigItem | null } | { mode: 'details'; item: ConfigItem };

const column = createColumnHelper<ConfigItem>();

/** One configuration list: table with search, pages and sorting; ADD; row menu Details / Edit. */
export function ConfigTab({ kind }: { kind: ConfigKind }) {
  const { singular, plural } = configLabels[kind];
  const { data, isLoading } = useConfigItems(kind);
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);

  const columns = useMemo(
    () => [
      column.accessor('title', { header: 'Title' }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.accessor('created_at', { header: 'Created', cell: (info) => formatDate(info.getValue()) }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => (
          <RowMenu
            label={`Actions for ${row.original.title}`}
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
        label={plural}
        emptyText={`No ${plural.toLowerCase()} found`}
        actions={
          <Button
            variation="primary"
            textTransform="uppercase"
            onClick={() => setPanel({ mode: 'edit', item: null })}
          >
            Add {singular}
          </Button>
        }
      />
      {panel.mode === 'details' && (
        <SidePanel title={`${singular} details`} onClose={close}>
          <ConfigItemDetails item={panel.item} onEdit={() => setPanel({ mode: 'edit', item: panel.item })} />
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={panel.item ? `Edit ${singular}` : `Add ${singular}`} onClose={close}>
          <ConfigItemForm
            key={panel.item?.id ?? 'new'}
            kind={kind}
            item={panel.item}
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      )}
    </>
  );
}
