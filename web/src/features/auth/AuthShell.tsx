import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/**
 * The frame of the sign-in pages: product name, tagline, and the form; `above` and `below` (the
 * login pages' banners) take rows of their own at the top and bottom of the page, never over the
 * form.
 */
export function AuthShell({
  subtitle,
  above,
  below,
  children,
}: {
  subtitle?: string;
  above?: ReactNode;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex
      as="main"
      direction="column"
      gap="medium"
      minHeight="100vh"
      backgroundColor="background.secondary"
      padding="large"
    >
      {above}
      <Flex flex="1" direction="column" alignItems="center" justifyContent="center">
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
      {below}
    </Flex>
  );
}
