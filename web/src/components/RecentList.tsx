import { Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useId, type ReactNode } from 'react';

/**
 * One of a dashboard's recent lists: a card with its heading (`action` beside it), then a loader
 * while `loading`, `failed` when the rows could not be loaded, the `empty` text without rows, or
 * the rows.
 */
export function RecentList({
  title,
  loading,
  failed,
  empty,
  action,
  children,
}: {
  title: string;
  loading: boolean;
  /** In place of the rows, when they could not be loaded. */
  failed?: string;
  empty: string;
  action?: ReactNode;
  children: ReactNode[];
}) {
  const headingId = useId();
  return (
    <Card as="section" variation="outlined" aria-labelledby={headingId}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small">
          <Heading level={2} fontSize="large" id={headingId}>
            {title}
          </Heading>
          {action}
        </Flex>
        {loading ? (
          <Loader ariaLabel={`Loading ${title.toLowerCase()}`} />
        ) : failed ? (
          <Text>{failed}</Text>
        ) : children.length === 0 ? (
          <Text color="font.secondary">{empty}</Text>
        ) : (
          <Flex
            as="ul"
            direction="column"
            gap="xs"
            padding="0"
            margin="0"
            aria-label={title}
            style={{ listStyle: 'none' }}
          >
            {children}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

/**
 * A row of a recent list: the item's name, which opens it, a line about it, and `children` (e.g.
 * its status switch) at the end.
 */
export function RecentRow({
  name,
  note,
  onOpen,
  children,
}: {
  name: string;
  note: string;
  onOpen: () => void;
  children?: ReactNode;
}) {
  return (
    <li>
      <Flex justifyContent="space-between" alignItems="center" gap="small">
        <Flex direction="column" gap="0" minWidth="0">
          <Button variation="link" size="small" padding="0" justifyContent="flex-start" onClick={onOpen}>
            {name}
          </Button>
          <Text fontSize="small" color="font.secondary">
            {note}
          </Text>
        </Flex>
        {children}
      </Flex>
    </li>
  );
}
