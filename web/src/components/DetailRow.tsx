import { Flex, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** One label/value pair of a read-only details list (`<dl>`). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="0">
      <Text as="dt" fontSize="small" color="font.secondary">
        {label}
      </Text>
      <Text as="dd" margin="0">
        {children}
      </Text>
    </Flex>
  );
}
