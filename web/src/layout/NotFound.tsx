import { Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';

/** /404: what any unknown path ends on. */
export function NotFound() {
  return (
    <View as="main" padding="xl">
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Heading level={1}>Page not found</Heading>
        <Text>There is no page at this address.</Text>
        <Link to="/">Go to the start page</Link>
      </Flex>
    </View>
  );
}
