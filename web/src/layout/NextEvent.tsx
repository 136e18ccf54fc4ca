import { Flex, Text } from '@aws-amplify/ui-react';
import { isClientMe } from '@shared/me';
import { allows } from '@shared/roles';
import { formatVenueTime } from '../activityTime';
import { useUpcomingBookings } from '../features/bookings/api';
import { useAuth } from '../auth/AuthProvider';

/** How often the header asks again for the next event. */
export const NEXT_EVENT_REFRESH_MS = 60_000;

/**
 * The client header's next upcoming event (docs/product/client-area.md §1, §2 "Header"): the first of the caller's
 * upcoming occurrences (GET /client/upcomingbookings), its title, its time as the venue's clock
 * reads it and its space. Asked again every minute, and after every booking write, which
 * revalidates the same swr key (the path); a failure shows nothing and is not toasted. Nothing for
 * a role that does not see events.
 */
export function NextEvent() {
  const { me } = useAuth();
  const enabled = !!me && isClientMe(me) && allows(me.rolesAttr, 'events.visible');
  const { data } = useUpcomingBookings(enabled, { refreshInterval: NEXT_EVENT_REFRESH_MS });
  if (!enabled || !data) return null;
  const next = data[0];
  return (
    <Flex role="group" aria-label="Next event" direction="column" gap="0" minWidth="0">
      <Text fontSize="small" color="font.secondary">
        Next event
      </Text>
      {next ? (
        <>
          <Text fontWeight="bold" isTruncated maxWidth="16rem" title={next.title}>
            {next.title}
          </Text>
          <Text fontSize="small">
            <time dateTime={next.start_at}>{formatVenueTime(next.start_date)}</time> · {next.space.title}
          </Text>
        </>
      ) : (
        <Text fontSize="small">None</Text>
      )}
    </Flex>
  );
}
