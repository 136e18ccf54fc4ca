import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useAuth } from '../../auth/AuthProvider';

/** /admin: a welcome for now; the totals and recent lists arrive with accounts. */
export function AdminDashboard() {
  const { me } = useAuth();
  return (
    <Flex direction="column" gap="small">
      <Heading level={1}>Dashboard</Heading>
      <Text>Welcome{me ? `, ${me.first_name}` : ''}.</Text>
    </Flex>
  );
}
