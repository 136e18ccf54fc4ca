import { Flex, Text, View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Clock } from '../components/Clock';
import { SortMenu } from './sortMenu';
import { UserMenu } from './UserMenu';

/**
 * The header of both areas: area-specific content on the left; on the right the sort menu (while
 * the page supplies sort options, see sortMenu.tsx), the clock and the user menu.
 */
export function Header({ children, onAccount }: { children: ReactNode; onAccount: () => void }) {
  return (
    <View
      as="header"
      padding="small medium"
      borderWidth="0 0 1px 0"
      borderStyle="solid"
      borderColor="border.primary"
    >
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="medium">
        <Flex alignItems="center" gap="large" wrap="wrap">
          <Text fontSize="large" fontWeight="bold" color="primary.80">
            Spaces
          </Text>
          {children}
        </Flex>
        <Flex alignItems="center" gap="medium">
          <SortMenu />
          <Clock />
          <UserMenu onAccount={onAccount} />
        </Flex>
      </Flex>
    </View>
  );
}
