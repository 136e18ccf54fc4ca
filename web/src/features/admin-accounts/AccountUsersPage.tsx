import { Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { Account } from '@shared/schemas/accounts';
import { useAccount } from './api';
import { AccountLogo } from '@web/components/AccountLogo';
import { LoadFailed } from '@web/components/LoadFailed';
import { PageLoader } from '@web/components/PageLoader';
import { SidePanel } from '@web/components/SidePanel';
import { AccountDetails } from './AccountDetails';
import { AccountForm } from './AccountForm';
import { AccountStatusSwitch } from './AccountStatusSwitch';
import { BillingSection } from './BillingSection';
import { accountAddress } from './text';
import { UsersSection } from './UsersSection';

/** The side menu of the page; the section is in the query (`?section=billing`), Users by default. */
const sections = [
  { key: 'general', label: 'General Details' },
  { key: 'users', label: 'Users' },
  { key: 'billing', label: 'Billing' },
] as const;
type SectionKey = (typeof sections)[number]['key'];

/** The account's logo, name, address, domain, admin e-mail and Active/Inactive toggle, with the side menu. */
function AccountSidebar({ account, section }: { account: Account; section: SectionKey }) {
  const address = accountAddress(account);
  return (
    <Card
      variation="outlined"
      width={{ base: '100%', large: '17rem' }}
      flex="none"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Flex direction="column" gap="small">
        {account.logo_url && <AccountLogo src={account.logo_url} name={account.name} />}
        <Heading level={1}>{account.name}</Heading>
        {address && <Text>{address}</Text>}
        {account.domain && <Text>{account.domain}</Text>}
        {account.admin && <Text>Admin: {account.admin.email}</Text>}
        <Flex alignItems="center" gap="small">
          <AccountStatusSwitch account={account} label="Account status" />
          <Text>{account.status}</Text>
        </Flex>
        <nav aria-label="Account sections">
          <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" style={{ listStyle: 'none' }}>
            {sections.map((s) => (
              <li key={s.key}>
                <RouterLink
                  to={{ search: s.key === 'users' ? '' : `?section=${s.key}` }}
                  className={s.key === section ? 'spaces-nav-link active' : 'spaces-nav-link'}
                  aria-current={s.key === section ? 'page' : undefined}
                >
                  {s.label}
                </RouterLink>
              </li>
            ))}
          </Flex>
        </nav>
      </Flex>
    </Card>
  );
}

/** General Details: the account, with Edit. */
function GeneralSection({ account }: { account: Account }) {
  const [editing, setEditing] = useState(false);
  const close = useCallback(() => setEditing(false), []);
  return (
    <>
      <AccountDetails account={account} onEdit={() => setEditing(true)} />
      {editing && (
        <SidePanel title="Edit account" onClose={close}>
          <AccountForm account={account} onSaved={close} onCancel={close} />
        </SidePanel>
      )}
    </>
  );
}

/**
 * /admin/accounts/{account_id}/users (docs/product/admin-and-auth.md §2 "Account users screen"): the account in a
 * sidebar with its toggle and a side menu of General Details, Users and Billing.
 */
export function AccountUsersPage() {
  const { account_id: accountId = '' } = useParams();
  const [params] = useSearchParams();
  const { data: account, error, isLoading, isValidating, mutate } = useAccount(accountId);
  const section: SectionKey = sections.find((s) => s.key === params.get('section'))?.key ?? 'users';
  const label = sections.find((s) => s.key === section)?.label;

  if (!account) {
    if (isLoading) return <PageLoader />;
    return (
      <LoadFailed
        title="This account could not be loaded"
        reason={error instanceof Error ? error.message : 'Unknown error'}
        retrying={isValidating}
        onRetry={() => void mutate()}
      >
        <Link as={RouterLink} to="/admin/accounts">
          Back to accounts
        </Link>
      </LoadFailed>
    );
  }
  return (
    <Flex direction="column" gap="medium">
      <Link as={RouterLink} to="/admin/accounts" alignSelf="flex-start">
        ← Accounts
      </Link>
      <Flex direction={{ base: 'column', large: 'row' }} gap="large" alignItems="flex-start">
        <AccountSidebar account={account} section={section} />
        <Flex direction="column" gap="medium" flex="1" minWidth="0" width={{ base: '100%', large: 'auto' }}>
          <Heading level={2}>{label}</Heading>
          {section === 'general' && <GeneralSection key={account.id} account={account} />}
          {section === 'users' && <UsersSection key={account.id} account={account} />}
          {section === 'billing' && <BillingSection account={account} />}
        </Flex>
      </Flex>
    </Flex>
  );
}
