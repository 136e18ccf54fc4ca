import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/**
 * In place of something a page needs and could not load: what failed, why, and a way forward
 * (Retry, plus any other actions). Never a spinner without end.
 */
export function LoadFailed({
  title,
  reason,
  note,
  retrying,
  onRetry,
  children,
}: {
  title: string;
  /** The error's message, e.g. 'Network error' or the server's message. */
  reason: string;
  /** A sentence on what still holds and what to do. */
  note?: string;
  /** True while the retry is on its way. */
  retrying: boolean;
  onRetry: () => void;
  /** Further actions next to Retry. */
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="medium" alignItems="flex-start">
      <Heading level={1}>{title}</Heading>
      <Text>{reason}</Text>
      {note && <Text>{note}</Text>}
      <Flex gap="small">
        <Button variation="primary" isLoading={retrying} loadingText="Retrying" onClick={onRetry}>
          Retry
        </Button>
        {children}
      </Flex>
    </Flex>
  );
}
