import { Card, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** The frame of the sign-in pages: product name, tagline, and the form. */
export function AuthShell({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  return (
    <View as="main" minHeight="100vh" backgroundColor="background.secondary" padding="large">
      <Flex direction="column" alignItems="center" justifyContent="center" minHeight="80vh">
        <Card variation="elevated" width="100%" maxWidth="26rem" padding="xl">
          <Flex direction="column" gap="medium">
            <Flex direction="column" gap="xxs" alignItems="center">
              <Heading level={1}>Spaces</Heading>
              <Text color="font.secondary">Bookings made simple</Text>
              {subtitle && <Heading level={2}>{subtitle}</Heading>}
            </Flex>
            {children}
          </Flex>
        </Card>
      </Flex>
    </View>
  );
}
