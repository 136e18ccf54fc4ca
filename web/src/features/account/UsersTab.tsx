import { Avatar, Button, Flex, Text, View } from '@aws-amplify/ui-react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { allows, type ClientRole } from '@shared/roles';
import { isClientMe } from '@shared/me';
import type { AccountUser } from '@shared/schemas/accounts';
import {
  resetTeamUserPin,
  setTeamUserStatus,
  saveTeamUser,
  teamPaths,
  useTeamUsers,
  useUserProperties,
} from './api';
import { keys } from '@web/api/hooks';
import { useAuth } from '@web/auth/AuthProvider';
import { DataTable } from '@web/components/DataTable';
import { PageLoader } from '@web/components/PageLoader';
import { SidePanel } from '@web/components/SidePanel';
import { StatusSwitch } from '@web/components/StatusSwitch';
import { UserDetails } from '@web/components/users/UserDetails';
import { initials, personName } from '@web/format';

// The form (react-hook-form, the zod schemas) loads when a panel opens for editing.
const UserForm = lazy(() => import('@web/components/users/UserForm').then((m) => ({ default: m.UserForm })));

/** Side panel modes (docs/product/client-area.md §4): closed, add/edit, details. Closing resets the selection. */
type Panel =
  { mode: 'closed' } | { mode: 'edit'; user: AccountUser | null } | { mode: 'details'; user: AccountUser };

const column = createColumnHelper<AccountUser>();

/** What a user looks after, once venues and spaces are assigned (docs/product/client-area.md §2 "User panel"). */
const looksAfter: Partial<Record<ClientRole, string>> = {
  'Venue Manager': 'Venues',
  'Event Coordinator': 'Spaces',
};

/** What the Users table shows of a user, and all its search reads (not the dates, ids or PIN). */
const shownValues = (user: AccountUser) => [
  personName(user),
  user.email,
  user.cell_no,
  user.user_role,
  user.status,
];

/**
 * The Users tab (docs/product/client-area.md §2): the account's users with image, name (opens the user panel),
 * e-mail, cellphone, role and a status toggle that saves at once (disabled for yourself); 10 rows
 * a page, sortable, searchable in the shown columns; Add user only for a role that may add.
 */
export function UsersTab() {
  const { me } = useAuth();
  const { mutate } = useSWRConfig();
  const { data, isLoading } = useTeamUsers();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);
  const client = me && isClientMe(me) ? me : null;
  const canAdd = client ? allows(client.rolesAttr, 'account.permission.add') : false;
  const myId = client?.id;

  const replace = useCallback(
    (saved: AccountUser) =>
      mutate(
        teamPaths.users,
        (list: AccountUser[] | undefined) => list?.map((u) => (u.id === saved.id ? saved : u)),
        {
          revalidate: false,
        },
      ),
    [mutate],
  );

  const columns = useMemo(
    () => [
      column.display({
        id: 'image',
        header: 'Image',
        cell: ({ row }) => (
          <Avatar src={row.original.photo_url ?? undefined} alt={`Photo of ${personName(row.original)}`}>
            {initials(row.original)}
          </Avatar>
        ),
      }),
      column.accessor((user) => personName(user), {
        id: 'name',
        header: 'Name',
        cell: ({ row, getValue }) => (
          <Button
            variation="link"
            padding="0"
            onClick={() => setPanel({ mode: 'details', user: row.original })}
          >
            {getValue<string>()}
          </Button>
        ),
      }),
      column.accessor('email', { header: 'E-mail' }),
      column.accessor('cell_no', { header: 'Cellphone', cell: (info) => info.getValue() ?? '' }),
      column.accessor('user_role', { header: 'Role' }),
      column.accessor('status', {
        header: 'Status',
        cell: ({ row }) => {
          const user = row.original;
          return (
            <StatusSwitch
              status={user.status}
              label={`Status of ${personName(user)}`}
              isDisabled={user.id === myId || !canAdd}
              save={async (next) => {
                const reply = await setTeamUserStatus(user.id, next);
                toast.success(reply.message ?? 'User updated');
                await Promise.all([replace(reply.result), mutate(keys.aboutMe)]);
              }}
            />
          );
        },
      }),
    ],
    [myId, canAdd, replace, mutate],
  );

  if (!client) return null;
  // The panel shows the user as the list has it now (e.g. after a status change).
  const current = (user: AccountUser) => data?.find((u) => u.id === user.id) ?? user;
  const roles = client.package.allowed_user_roles;

  if (isLoading) return <PageLoader />;
  return (
    <>
      <View overflow="auto">
        <DataTable
          data={data ?? []}
          columns={columns}
          label="Users"
          emptyText="No users found"
          searchValues={shownValues}
          actions={
            canAdd && (
              <Button
                variation="primary"
                aria-label="Add user"
                onClick={() => setPanel({ mode: 'edit', user: null })}
              >
                +
              </Button>
            )
          }
        />
      </View>
      {panel.mode === 'details' && (
        <SidePanel title={personName(current(panel.user))} onClose={close}>
          <UserDetails
            area="client"
            user={current(panel.user)}
            onEdit={canAdd ? () => setPanel({ mode: 'edit', user: current(panel.user) }) : undefined}
          >
            {canAdd && <RefreshPin user={current(panel.user)} onSaved={replace} />}
          </UserDetails>
          {looksAfter[current(panel.user).user_role] && (
            <LooksAfter user={current(panel.user)} heading={looksAfter[current(panel.user).user_role]!} />
          )}
        </SidePanel>
      )}
      {panel.mode === 'edit' && (
        <SidePanel title={panel.user ? personName(panel.user) : 'Add user'} onClose={close}>
          <Suspense fallback={<PageLoader />}>
            <UserForm
              key={panel.user?.id ?? 'new'}
              area="client"
              user={panel.user}
              roles={roles}
              endpoints={saveTeamUser}
              // Another user's: one's own password is changed from the profile, with the current one.
              canSetPassword={canAdd && panel.user?.id !== myId}
              revalidate={() => Promise.all([mutate(teamPaths.users), mutate(keys.aboutMe)])}
              onSaved={(saved) => setPanel({ mode: 'details', user: saved })}
              onCancel={() => (panel.user ? setPanel({ mode: 'details', user: panel.user }) : close())}
            />
          </Suspense>
        </SidePanel>
      )}
    </>
  );
}

/** Gives the user a new PIN at once (GET /client/user/{id}/resetPIN). */
function RefreshPin({ user, onSaved }: { user: AccountUser; onSaved: (saved: AccountUser) => unknown }) {
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const reply = await resetTeamUserPin(user.id);
      toast.success(reply.message ?? 'PIN updated');
      await onSaved({ ...user, pin_number: reply.result.pin_number });
    } catch {
      // Toasted by the fetch client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void refresh()} isLoading={busy} loadingText="Refreshing">
      Refresh PIN
    </Button>
  );
}

/**
 * The venues a Venue Manager manages, or the spaces an Event Coordinator coordinates, each with
 * its permission (docs/product/client-area.md §2 "User panel"): read here, assigned on the Venues page.
 */
function LooksAfter({ user, heading }: { user: AccountUser; heading: string }) {
  const { data, isLoading } = useUserProperties(user.id);
  return (
    <Flex as="section" direction="column" gap="xxs" marginTop="large" aria-label={heading}>
      <Text fontWeight="bold">{heading}</Text>
      {isLoading && <Text color="font.secondary">Loading…</Text>}
      {data && data.length === 0 && (
        <Text color="font.secondary">None assigned yet: they are assigned on the Venues page.</Text>
      )}
      {data?.map((property) => (
        <Text key={`${property.venue.id}/${property.space?.id ?? ''}`}>
          {property.space ? `${property.space.title} · ${property.venue.name}` : property.venue.name}
          <Text as="span" color="font.secondary">
            {' '}
            — {property.permission}
          </Text>
        </Text>
      ))}
    </Flex>
  );
}
