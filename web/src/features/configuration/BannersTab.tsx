import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Banner } from '@shared/schemas/banners';
import { platformRoutes } from '@shared/api/platform-routes';
import { platformPaths, useBanners, usePackages } from '../platform/api';
import { callRoute } from '@web/api/call';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { StatusBadge } from '@web/components/StatusBadge';
import { BannerDetails } from './BannerDetails';
import { BannerForm } from './BannerForm';
import { formatDay, packagesText, positionLabels, yesNo } from './bannerText';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel = { mode: 'closed' } | { mode: 'edit'; item: Banner | null } | { mode: 'details'; item: Banner };

const column = createColumnHelper<Banner>();

/**
 * The Banner Announcements tab: table with search, pages and sorting; ADD; row menu Details /
 * Edit / Delete, the delete asked for first.
 */
export function BannersTab() {
  const { mutate } = useSWRConfig();
  const { data, isLoading } = useBanners();
  const { data: packages } = usePackages();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);

  const remove = async (banner: Banner) => {
    setDeleting(null);
    try {
      const reply = await callRoute(platformRoutes['delete-banner'], { params: { id: banner.id } });
      toast.success(reply.message ?? 'Banner Announcement deleted');
      setPanel((open) => (open.mode !== 'closed' && open.item?.id === banner.id ? { mode: 'closed' } : open));
      await mutate(platformPaths.banners);
    } catch {
      // Toasted by the fetch client.
    }
  };

  const columns = useMemo(
    () => [
      column.accessor('title', { header: 'Title' }),
      column.accessor((b) => positionLabels[b.position], { id: 'position', header: 'Position' }),
      column.accessor((b) => yesNo(b.on_login_page), { id: 'login', header: 'Login page' }),
      column.accessor((b) => packagesText(b, packages), {
        id: 'packages',
        header: 'Packages',
        enableSorting: false,
      }),
      column.accessor('expiration_date', {
        header: 'Expires',
        cell: (info) => formatDay(info.getValue()),
      }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => (
          <RowMenu
            label={`Actions for ${row.original.title}`}
            items={[
              { label: 'Details', onClick: () => setPanel({ mode: 'details', item: row.original }) },
              { label: 'Edit', onClick: () => setPanel({ mode: 'edit', item: row.original }) },
              { label: 'Delete', onClick: () => setDeleting(row.original) },
            ]}
          />
        ),
      }),
    ],
    [packages],
  );

  if (isLoading) return <PageLoader />;
  return (
    <>
      <DataTable
        data={data ?? []}
        columns={columns}
        label="Banner Announcements"
        emptyText="No banner announcements found"
        actions={
          <Button
            variation="primary"
            textTransform="uppercase"
            onClick={() => setPanel({ mode: 'edit', item: null })}
          >
            Add Banner Announcement
          </Button>
        }
      />
      {panel.mode === 'details' && (
        <SidePanel title="Banner Announcement details" onClose={close}>
          <BannerDetails
            banner={panel.item}
            packages={packages}
            onEdit={() => setPanel({ mode: 'edit', item: panel.item })}
          />
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel
          title={panel.item ? 'Edit Banner Announcement' : 'Add Banner Announcement'}
          onClose={close}
        >
          <BannerForm
            key={panel.item?.id ?? 'new'}
            banner={panel.item}
            packages={packages ?? []}
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      )}
      {deleting && (
        <ConfirmDialog
          message={`Are you sure you want to delete the Banner Announcement "${deleting.title}"?`}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
