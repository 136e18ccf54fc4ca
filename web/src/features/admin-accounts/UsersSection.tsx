import { Button, View, VisuallyHidden } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Account, AccountUser } from '@shared/schemas/accounts';
import { accountsRoutes } from '@shared/api/accounts-routes';
import { accountPaths, setUserStatus, useAccountUsers } from './api';
import { callRoute } from '@web/api/call';
import { useAuth } from '@web/auth/AuthProvider';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { RowMenu } from '@web/components/RowMenu';
import { SidePanel } from '@web/components/SidePanel';
import { StatusSwitch } from '@web/components/StatusSwitch';
import { UserDetails } from '@web/components/users/UserDetails';
import { UserForm } from '@web/components/users/UserForm';
import { personName, rolesOf } from './text';

/** Side panel modes (docs/product/admin-and-auth.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel =
  { mode: 'closed' } | { mode: 'edit'; user: AccountUser | null } | { mode: 'details'; user: AccountUser };

const column = createColumnHelper<AccountUser>();

/** A user's status toggle, saved at once: GET /admin/users/{id}/{status} ('User status updated'). */
function UserStatusSwitch({ user }: { user: AccountUser }) {
  const { mutate } = useSWRConfig();
  return (
    <StatusSwitch
      status={user.status}
      label={`Status of ${personName(user)}`}
      save={async (next) => {
        const reply = await setUserStatus(user.id, next);
        toast.success(reply.message ?? 'User status updated');
        await mutate(
          accountPaths.accountUsers(user.account_id),
          (list: AccountUser[] | undefined) =>
            list?.map((u) => (u.id === reply.result.id ? reply.result : u)),
          { revalidate: true },
        );
      }}
    />
  );
}

/**
 * The users of an account (docs/product/admin-and-auth.md §2 "Account users screen"): table with search, status
 * toggles that save at once, row menu Details / Edit / Activity Log / Impersonate, ADD USER.
 * Roles offered are those of the account's package.
 */
export function UsersSection({ account }: { account: Account }) {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const { impersonate } = useAuth();
  const { data, isLoading } = useAccountUsers(account.id);
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);
  const roles = rolesOf(account.package?.allowed_user_roles);
  const here = location.pathname + location.search;

  const actAs = useCallback(
    async (user: AccountUser) => {
      try {
        const { result } = await callRoute(accountsRoutes.impersonate, { params: { id: user.id } });
        await impersonate(result.access_token, here);
        void navigate('/');
      } catch {
        // Toasted by the fetch client (e.g. 'This user is inactive').
      }
    },
    [impersonate, here, navigate],
  );

  const columns = useMemo(
    () => [
      column.accessor('first_name', { header: 'First name' }),
      column.accessor('last_name', { header: 'Last name', cell: (info) => info.getValue() ?? '' }),
      column.accessor('email', { header: 'E-mail' }),
      column.accessor('user_role', { header: 'Role' }),
      column.accessor('phone_no', { header: 'Phone', cell: (info) => info.getValue() ?? '' }),
      column.accessor('status', {
        header: 'Status',
        cell: ({ row }) => <UserStatusSwitch user={row.original} />,
      }),
      column.display({
        id: 'actions',
        header: () => <VisuallyHidden>Actions</VisuallyHidden>,
        cell: ({ row }) => {
          const user = row.original;
          return (
            <RowMenu
              label={`Actions for ${personName(user)}`}
              items={[
                { label: 'Details', onClick: () => setPanel({ mode: 'details', user }) },
                { label: 'Edit', onClick: () => setPanel({ mode: 'edit', user }) },
                {
                  label: 'Activity Log',
                  onClick: () => void navigate(`/admin/accounts/${account.id}/users/${user.id}/activity-log`),
                },
                { label: 'Impersonate', onClick: () => void actAs(user) },
              ]}
            />
          );
        },
      }),
    ],
    [account.id, navigate, actAs],
  );

  // The panel shows the user as the list has it now (e.g. after a status change).
  const current = (user: AccountUser) => data?.find((u) => u.id === user.id) ?? user;

  if (isLoading) return <PageLoader />;
  return (
    <>
      <View overflow="auto">
        <DataTable
          data={data ?? []}
          columns={columns}
          label="Users"
          emptyText="No users found"
          actions={
            <Button
              variation="primary"
              textTransform="uppercase"
              onClick={() => setPanel({ mode: 'edit', user: null })}
            >
              Add user
            </Button>
          }
        />
      </View>
      {panel.mode === 'details' && (
        <SidePanel title="User details" onClose={close}>
          <UserDetails
            area="admin"
            user={current(panel.user)}
            onEdit={() => setPanel({ mode: 'edit', user: current(panel.user) })}
          />
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={panel.user ? 'Edit user' : 'Add user'} onClose={close}>
          <UserForm
            key={panel.user?.id ?? 'new'}
            area="admin"
            user={panel.user}
            roles={roles}
            endpoints={{
              create: (body) =>
                callRoute(accountsRoutes['create-account-user'], { params: { id: account.id }, body }),
              update: (id, body) => callRoute(accountsRoutes['update-user'], { params: { id }, body }),
            }}
            revalidate={() =>
              Promise.all([
                mutate(accountPaths.accountUsers(account.id)),
                mutate(accountPaths.account(account.id)),
                mutate(accountPaths.dashboard),
                mutate(accountPaths.recentUsers),
              ])
            }
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      )}
    </>
  );
}
