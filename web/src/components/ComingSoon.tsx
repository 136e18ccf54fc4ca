import { Flex, Heading, Text } from '@aws-amplify/ui-react';

/** A section that is not built yet: its heading and a plain note, nothing to click. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Flex direction="column" gap="small">
      <Heading level={1}>{title}</Heading>
      <Text>This section is coming soon.</Text>
    </Flex>
  );
}
