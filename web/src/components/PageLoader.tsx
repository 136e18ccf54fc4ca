import { Flex, Loader } from '@aws-amplify/ui-react';

/** A centred loader for a page whose data is on its way. */
export function PageLoader() {
  return (
    <Flex justifyContent="center" alignItems="center" minHeight="12rem">
      <Loader size="large" ariaLabel="Loading" />
    </Flex>
  );
}
