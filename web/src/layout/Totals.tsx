import { Flex, Text } from '@aws-amplify/ui-react';
import type { AccountTotals } from '@shared/schemas/me';

const items: { key: keyof AccountTotals; label: string }[] = [
  { key: 'total_users', label: 'Users' },
  { key: 'total_venues', label: 'Venues' },
  { key: 'total_spaces', label: 'Spaces' },
  { key: 'total_screens', label: 'Screens' },
];

/** The account totals of the client header. */
export function Totals({ totals }: { totals: AccountTotals }) {
  return (
    <Flex as="dl" aria-label="Account totals" gap="medium" margin="0">
      {items.map(({ key, label }) => (
        <Flex key={key} direction="column" alignItems="center" gap="0">
          <Text as="dt" fontSize="small" color="font.secondary">
            {label}
          </Text>
          <Text as="dd" fontWeight="bold" margin="0">
            {totals[key]}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}
