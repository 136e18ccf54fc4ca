import { Button, Card, Flex, Heading } from '@aws-amplify/ui-react';
import { lazy, Suspense, useState } from 'react';
import type { ClientMe } from '@shared/schemas/me';
import { AccountLogo } from '@web/components/AccountLogo';
import { DetailRow } from '@web/components/DetailRow';
import { PageLoader } from '@web/components/PageLoader';

// The form (react-hook-form, the zod schemas) loads when Edit is pressed.
const AccountForm = lazy(() => import('./AccountForm').then((m) => ({ default: m.AccountForm })));

/**
 * The Account Info box (docs/product/client-area.md §2, Account Admin only): the account's name, package
 * (read-only), street address, city, country and logo, read-only until Edit; Save sends
 * PUT /client/account ('Success') and the header shows the change at once.
 */
export function AccountInfo({ me }: { me: ClientMe }) {
  const [editing, setEditing] = useState(false);
  const { account } = me;
  return (
    <Card variation="outlined">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large">
          Account Info
        </Heading>
        {editing ? (
          <Suspense fallback={<PageLoader />}>
            <AccountForm me={me} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <>
            {account.logo_url && <AccountLogo src={account.logo_url} name={account.name} />}
            <Flex as="dl" direction="column" gap="small" margin="0">
              <DetailRow label="Account name">{account.name}</DetailRow>
              <DetailRow label="Package">{me.package.name}</DetailRow>
              <DetailRow label="Street address">{account.address || '—'}</DetailRow>
              <DetailRow label="City">{account.city || '—'}</DetailRow>
              <DetailRow label="State">{account.state || '—'}</DetailRow>
              <DetailRow label="Zip code">{account.zipcode || '—'}</DetailRow>
              <DetailRow label="Country">{account.country || '—'}</DetailRow>
            </Flex>
            <Button variation="primary" alignSelf="flex-start" onClick={() => setEditing(true)}>
              Edit
            </Button>
          </>
        )}
      </Flex>
    </Card>
  );
}
