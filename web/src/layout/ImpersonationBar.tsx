import { Button, Flex, Text, View } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { fullName, useAuth } from '../auth/AuthProvider';

/**
 * Over the client area while a super admin acts as a user (docs/product/admin-and-auth.md §4 "Impersonation"):
 * whom they are viewing as, and the way back to their own session and the page they left.
 */
export function ImpersonationBar() {
  const { me, endImpersonation } = useAuth();
  const [leaving, setLeaving] = useState(false);
  return (
    <View
      as="section"
      aria-label="Impersonation"
      backgroundColor="background.warning"
      padding="xs medium"
      borderWidth="0 0 1px 0"
      borderStyle="solid"
      borderColor="border.primary"
    >
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Text fontWeight="bold">Viewing as {me ? fullName(me) : '…'}</Text>
        <Button
          size="small"
          isLoading={leaving}
          loadingText="Returning"
          onClick={() => {
            setLeaving(true);
            void endImpersonation();
          }}
        >
          Return to admin
        </Button>
      </Flex>
    </View>
  );
}
