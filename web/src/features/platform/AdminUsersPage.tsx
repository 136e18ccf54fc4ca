import { Avatar, Button, Flex, Heading, VisuallyHidden } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { AdminUser } from '@shared/schemas/admins';
import { platformRoutes } from '@shared/api/platform-routes';
import { platformPaths, useAdmins } from './api';
import { callRoute } from '@web/api/call';
import { useAuth } from '@web/auth/AuthProvider';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { StatusBadge } from '@web/components/StatusBadge';
import { AdminDetails } from './AdminDetails';
import { AdminForm } from './AdminForm';
import { adminInitials, adminName } from './adminText';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel =
  { mode: 'closed' } | { mode: 'edit'; item: AdminUser | null } | { mode: 'details'; item: AdminUser };

const column = createColumnHelper<AdminUser>();
const orDash = (value: string | null) => value || '—';

/**
 * /admin/users (docs/product/admin-and-auth.md §2 "Admin users"): the super admins in a table with search, pages
 * and sorting; ADD USER; row menu Details / Edit / Activity Log, and for another admin who has set
 * up an authenticator app, Reset two-factor authentication (asked first).
 */
export function AdminUsersPage() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { me } = useAuth();
  const { data, isLoading } = useAdmins();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);

  const resetSecondFactor = async (admin: AdminUser) => {
    setResetting(null);
    try {
      const reply = await callRoute(platformRoutes['reset-admin-mfa'], { params: { id: admin.id } });
      toast.success(reply.message ?? 'Two-factor authentication reset');
      await mutate(platformPaths.admins);
    } catch {
      // Toasted by the fetch client.
    }
  };

  const columns = useMemo(
    () => [
      column.display({
        id: 'image',
        header: 'Image',
        cell: ({ row }) => (
          <Avatar src={row.original.photo_url ?? undefined} alt={`Photo of ${adminName(row.original)}`}>
            {adminInitials(row.original)}
          </Avatar>
        ),
      }),
      column.accessor('first_name', { header: 'First name' }),
      column.accessor('last_name', { header: 'Last name', cell: (info) => orDash(info.getValue()) }),
      column.accessor('designation', { header: 'Designation', cell: (info) => orDash(info.getValue()) }),
      column.accessor('phone_no', { header: 'Phone', cell: (info) => orDash(info.getValue()) }),
      column.accessor('email', { header: 'Email' }),
      column.accessor('status', {
        header: 'Status',
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => (
          <RowMenu
            label={`Actions for ${adminName(row.original)}`}
            items={[
              { label: 'Details', onClick: () => setPanel({ mode: 'details', item: row.original }) },
              { label: 'Edit', onClick: () => setPanel({ mode: 'edit', item: row.original }) },
              {
                label: 'Activity Log',
                onClick: () => void navigate(`/admin/users/${row.original.id}/activity-log`),
              },
              ...(row.original.mfa_enabled && row.original.id !== me?.id
                ? [{ label: 'Reset two-factor authentication', onClick: () => setResetting(row.original) }]
                : []),
            ]}
          />
        ),
      }),
    ],
    [navigate, me?.id],
  );

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Admin users</Heading>
      {isLoading ? (
        <PageLoader />
      ) : (
        <DataTable
          data={data ?? []}
          columns={columns}
          label="Admin users"
          emptyText="No admin users found"
          actions={
            <Button
              variation="primary"
              textTransform="uppercase"
              onClick={() => setPanel({ mode: 'edit', item: null })}
            >
              Add User
            </Button>
          }
        />
      )}
      {panel.mode === 'details' && (
        <SidePanel title="User details" onClose={close}>
          <AdminDetails
            admin={panel.item}
            onEdit={() => setPanel({ mode: 'edit', item: panel.item })}
            onActivity={() => void navigate(`/admin/users/${panel.item.id}/activity-log`)}
          />
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={panel.item ? 'Edit User' : 'Add User'} onClose={close}>
          <AdminForm key={panel.item?.id ?? 'new'} admin={panel.item} onSaved={close} onCancel={close} />
        </SidePanel>
      )}
      {resetting && (
        <ConfirmDialog
          message={`Reset the two-factor authentication of ${adminName(resetting)}? Their sessions end, and their next sign-in sets up an authenticator app again.`}
          onConfirm={() => void resetSecondFactor(resetting)}
          onCancel={() => setResetting(null)}
        />
      )}
    </Flex>
  );
}
