import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Standalone } from './Standalone';

/**
 * In place of a page that failed to load or to draw. Pages are downloaded when first opened
 * (routes.tsx), so the usual cause is a lost connection; reloading fetches them again.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <Standalone>
      <Flex direction="column" gap="medium" alignItems="flex-start">
        <Heading level={1}>This page could not be loaded</Heading>
        <Text>Check your connection, then reload the page.</Text>
        {detail && (
          <Text fontSize="small" color="font.secondary">
            {detail}
          </Text>
        )}
        <Button variation="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Flex>
    </Standalone>
  );
}
