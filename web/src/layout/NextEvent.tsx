import { Flex, Text } from '@aws-amplify/ui-react';
import useSWR from 'swr';
import { isClientMe } from '../../../shared/me';
import { allows } from '../../../shared/roles';
import type { BookingOccurrence } from '../../../shared/schemas/bookings';
import { formatVenueTime } from '../activityTime';
import { api } from '../api/client';
import { bookingPaths } from '../api/client-bookings';
import { useAuth } from '../auth/AuthProvider';

/** How often the header asks again for the next event. */
export const NEXT_EVENT_REFRESH_MS = 60_000;

/** A failure is not toasted: the header asks every minute, and a missed answer is no news. */
const quietly = (path: string) => api.get<BookingOccurrence[]>(path, { toastErrors: false });

/**
 * The client header's next upcoming event (client-area §1, §2 "Header"): the first of the caller's
 * upcoming occurrences (GET /client/upcomingbookings), its title, its time as the venue's clock
 * reads it and its space. Asked again every minute, and after every booking write, which
 * revalidates the same swr key (the path). Nothing for a role that does not see events.
 */
export function NextEvent() {
  const { me } = useAuth();
  const enabled = !!me && isClientMe(me) && allows(me.rolesAttr, 'events.visible');
  const { data } = useSWR(enabled ? bookingPaths.upcoming : null, quietly, {
    refreshInterval: NEXT_EVENT_REFRESH_MS,
  });
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
