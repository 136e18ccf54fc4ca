import { Button, Flex, Heading, Loader, Text, TextField } from '@aws-amplify/ui-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Space } from '@shared/schemas/venues';
import { ApiError } from '@web/api/client';
import { rotateSpaceFeed, useSpaceFeed } from '../api';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { may, useAccess } from '../access';

/**
 * A space's calendar subscription URL (its iCalendar feed), with Copy and Reset, for a person who
 * may edit the space. The API refuses whom the scope rule refuses (403): the section then hides,
 * unsaid.
 */
export function SpaceFeed({ space }: { space: Space }) {
  const access = useAccess();
  if (!access || !may.editSpace(access, space)) return null;
  return <FeedSection spaceId={space.id} />;
}

function FeedSection({ spaceId }: { spaceId: string }) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data, error, mutate } = useSpaceFeed(spaceId);
  const [asking, setAsking] = useState(false);
  const [resetting, setResetting] = useState(false);

  if (error instanceof ApiError && error.status === 403) return null;

  const select = () => {
    input.current?.focus();
    input.current?.select();
  };

  const copy = async (url: string) => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      toast.success('URL copied');
    } catch {
      // No clipboard here (e.g. refused, or not a secure page): the person copies the selection.
      select();
    }
  };

  const reset = async () => {
    setAsking(false);
    setResetting(true);
    try {
      const reply = await rotateSpaceFeed(spaceId);
      await mutate(reply.result, { revalidate: false });
      toast.success(reply.message ?? 'Success');
    } catch {
      // Toasted by the fetch client.
    } finally {
      setResetting(false);
    }
  };

  return (
    <Flex as="section" aria-labelledby={headingId} direction="column" gap="small" marginTop="large">
      <Heading level={3} id={headingId}>
        Calendar subscription
      </Heading>
      {!data ? (
        error ? (
          <Text color="font.secondary">The URL could not be loaded.</Text>
        ) : (
          <Loader ariaLabel="Loading the calendar subscription URL" />
        )
      ) : (
        <>
          <TextField
            ref={input}
            label="Calendar subscription URL"
            labelHidden
            descriptiveText="Subscribe to this space's bookings in Google Calendar, Outlook or Apple Calendar. Anyone with the URL can see the bookings."
            value={data.url}
            isReadOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Flex gap="small" wrap="wrap">
            <Button onClick={() => void copy(data.url)} isDisabled={resetting}>
              Copy URL
            </Button>
            <Button onClick={() => setAsking(true)} isLoading={resetting} loadingText="Resetting">
              Reset URL
            </Button>
          </Flex>
        </>
      )}
      {asking && (
        <ConfirmDialog
          message="Reset the URL? Calendars subscribed with the current URL stop updating."
          onConfirm={() => void reset()}
          onCancel={() => setAsking(false)}
        />
      )}
    </Flex>
  );
}
