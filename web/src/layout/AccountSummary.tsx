import { Flex, Image, Text } from '@aws-amplify/ui-react';
import type { MeAccount } from '@shared/schemas/me';

/** One line of the account's address: street, city, state ZIP, country. */
export function formatAddress(account: MeAccount): string {
  const stateZip = [account.state, account.zipcode].filter(Boolean).join(' ');
  return [account.address, account.city, stateZip, account.country].filter(Boolean).join(', ');
}

/** The account's logo, name and address in the client header. */
export function AccountSummary({ account }: { account: MeAccount }) {
  const address = formatAddress(account);
  return (
    <Flex alignItems="center" gap="small">
      {account.logo_url && (
        <Image src={account.logo_url} alt={`${account.name} logo`} height="2.5rem" width="auto" />
      )}
      <Flex direction="column" gap="0">
        <Text fontWeight="bold">{account.name}</Text>
        {address && (
          <Text fontSize="small" color="font.secondary">
            {address}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
