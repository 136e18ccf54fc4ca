import { Button, Card, Flex, Grid, Heading, Link, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { Account, RecentScreen, RecentUser } from '@shared/schemas/accounts';
import {
  useDashboard,
  useRecentAccounts,
  useRecentPayments,
  useRecentScreens,
  useRecentUsers,
} from '../admin-accounts/api';
import { DetailRow } from '../../components/DetailRow';
import { formatDateTime } from '../../format';
import { PageLoader } from '../../components/PageLoader';
import { RecentList, RecentRow } from '../../components/RecentList';
import { SidePanel } from '../../components/SidePanel';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../format';
import { AccountDetails } from '../admin-accounts/AccountDetails';
import { formatAmount, formatDay, personName } from '../admin-accounts/text';
import { UserDetails } from '../../components/users/UserDetails';

// The account form (and zod with it) loads when it is opened, not with the admin area.
const AccountForm = lazy(() =>
  import('../admin-accounts/AccountForm').then((m) => ({ default: m.AccountForm })),
);

/** Side panels of the dashboard: the account form, or the details of a recent item. */
type Panel =
  | { mode: 'closed' }
  | { mode: 'edit'; account: Account | null }
  | { mode: 'account'; account: Account }
  | { mode: 'user'; user: RecentUser }
  | { mode: 'screen'; screen: RecentScreen };

const totals = [
  { key: 'total_accounts', label: 'Total accounts' },
  { key: 'total_users', label: 'Total users' },
  { key: 'active_accounts', label: 'Active accounts' },
  { key: 'active_venues', label: 'Active venues' },
] as const;

/**
 * /admin (docs/product/admin-and-auth.md §1, §2 "Admin dashboard"): the platform's totals, Add account, and the
 * recently added accounts, recent users, recently added screens and licence purchases; an item
 * opens its details in a side panel.
 */
export function AdminDashboard() {
  const navigate = useNavigate();
  const dashboard = useDashboard();
  const accounts = useRecentAccounts();
  const users = useRecentUsers();
  const screens = useRecentScreens();
  const payments = useRecentPayments();
  const [panel, setPanel] = useState<Panel>({ mode: 'closed' });
  const close = useCallback(() => setPanel({ mode: 'closed' }), []);

  return (
    <Flex direction="column" gap="large">
      <Heading level={1}>Dashboard</Heading>
      <Flex gap="medium" wrap="wrap" alignItems="stretch">
        <Grid
          as="dl"
          templateColumns={{ base: '1fr 1fr', large: 'repeat(4, 1fr)' }}
          gap="medium"
          margin="0"
          flex="4 1 32rem"
        >
          {totals.map(({ key, label }) => (
            <Card key={key} variation="outlined">
              <Text as="dt" color="font.secondary">
                {label}
              </Text>
              <Text as="dd" margin="0" fontSize="xxl" fontWeight="bold">
                {dashboard.data ? dashboard.data[key] : '—'}
              </Text>
            </Card>
          ))}
        </Grid>
        <Card variation="outlined" flex="1 1 10rem">
          <Flex direction="column" justifyContent="center" height="100%" gap="small">
            <Text color="font.secondary">New customer?</Text>
            <Button variation="primary" onClick={() => setPanel({ mode: 'edit', account: null })}>
              Add account
            </Button>
          </Flex>
        </Card>
      </Flex>

      <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium">
        <RecentList title="Recently added accounts" loading={accounts.isLoading} empty="No accounts yet.">
          {(accounts.data ?? []).map((account) => (
            <RecentRow
              key={account.id}
              name={account.name}
              note={[account.package?.name, `added ${formatDate(account.created_at)}`]
                .filter(Boolean)
                .join(' · ')}
              onOpen={() => setPanel({ mode: 'account', account })}
            />
          ))}
        </RecentList>
        <RecentList title="Recent users" loading={users.isLoading} empty="No users yet.">
          {(users.data ?? []).map((user) => (
            <RecentRow
              key={user.id}
              name={personName(user)}
              note={`${user.user_role} · ${user.account.name}`}
              onOpen={() => setPanel({ mode: 'user', user })}
            />
          ))}
        </RecentList>
        <RecentList
          title="Recently added screens"
          loading={screens.isLoading}
          empty="No screens have been added yet. They appear here once accounts add them."
        >
          {(screens.data ?? []).map((screen) => (
            <RecentRow
              key={screen.id}
              name={screen.name || `Screen ${screen.screen_id_no}`}
              note={[screen.venue.name, screen.space.title].join(' · ')}
              onOpen={() => setPanel({ mode: 'screen', screen })}
            />
          ))}
        </RecentList>
        <RecentList
          title="Recent licence purchases"
          loading={payments.isLoading}
          empty="No licences purchased yet."
        >
          {(payments.data ?? []).map((payment) => (
            <li key={payment.id}>
              <Flex direction="column" gap="0">
                <Link as={RouterLink} to={`/admin/accounts/${payment.account.id}/licenses`}>
                  {payment.account.name}
                </Link>
                <Text fontSize="small" color="font.secondary">
                  {payment.count} {payment.count === 1 ? 'license' : 'licenses'} ·{' '}
                  {formatAmount(payment.amount)} · {formatDay(payment.purchase_date)}
                </Text>
              </Flex>
            </li>
          ))}
        </RecentList>
      </Grid>

      {panel.mode === 'edit' && (
        <SidePanel title={panel.account ? 'Edit account' : 'Add account'} onClose={close}>
          <Suspense fallback={<PageLoader />}>
            <AccountForm account={panel.account} onSaved={close} onCancel={close} />
          </Suspense>
        </SidePanel>
      )}
      {panel.mode === 'account' && (
        <SidePanel title="Account details" onClose={close}>
          <AccountDetails
            account={panel.account}
            onEdit={() => setPanel({ mode: 'edit', account: panel.account })}
          >
            <Button onClick={() => void navigate(`/admin/accounts/${panel.account.id}/users`)}>Users</Button>
            <Button onClick={() => void navigate(`/admin/accounts/${panel.account.id}/licenses`)}>
              Screen Licences
            </Button>
          </AccountDetails>
        </SidePanel>
      )}
      {panel.mode === 'user' && (
        <SidePanel title="User details" onClose={close}>
          <UserDetails area="admin" user={panel.user} account={panel.user.account.name}>
            <Button onClick={() => void navigate(`/admin/accounts/${panel.user.account.id}/users`)}>
              Users of {panel.user.account.name}
            </Button>
          </UserDetails>
        </SidePanel>
      )}
      {panel.mode === 'screen' && (
        <SidePanel title="Screen details" onClose={close}>
          <Flex as="dl" direction="column" gap="small" margin="0">
            <DetailRow label="Screen ID number">{panel.screen.screen_id_no}</DetailRow>
            <DetailRow label="Account">{panel.screen.account.name}</DetailRow>
            <DetailRow label="Venue">{panel.screen.venue.name}</DetailRow>
            <DetailRow label="Space">{panel.screen.space.title}</DetailRow>
            <DetailRow label="Name">{panel.screen.name ?? '—'}</DetailRow>
            <DetailRow label="Hardware">{panel.screen.hardware ?? '—'}</DetailRow>
            <DetailRow label="Status">
              <StatusBadge status={panel.screen.status} />
            </DetailRow>
            <DetailRow label="Device">{panel.screen.device_status}</DetailRow>
            <DetailRow label="App version">{panel.screen.app_version ?? '—'}</DetailRow>
            <DetailRow label="Last check-in">
              {panel.screen.last_check_in ? formatDateTime(panel.screen.last_check_in) : 'Never'}
            </DetailRow>
          </Flex>
        </SidePanel>
      )}
    </Flex>
  );
}
