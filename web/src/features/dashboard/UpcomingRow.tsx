import { Flex, Text } from '@aws-amplify/ui-react';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import { formatVenueTimeRange, venueDay } from '@web/activityTime';

/**
 * A row of the dashboard's upcoming events (docs/product/client-area.md §2 "Dashboard"): a month/day leaf edged
 * in the space's calendar colour, the title, the time range as the venue's clock reads it, and
 * the venue and space.
 */
export function UpcomingRow({ occurrence }: { occurrence: BookingOccurrence }) {
  const day = venueDay(occurrence.start_date);
  return (
    <li>
      <Flex alignItems="center" gap="small">
        <Flex
          direction="column"
          alignItems="center"
          gap="0"
          minWidth="3rem"
          padding="xxxs xs"
          backgroundColor="background.secondary"
          borderRadius="small"
          style={{ borderTop: `4px solid ${occurrence.space.calendar_color}` }}
        >
          <Text as="span" fontSize="xs" textTransform="uppercase" color="font.secondary">
            {day?.month ?? '—'}
          </Text>
          <Text as="span" fontSize="large" fontWeight="bold" lineHeight="1.1">
            {day?.day ?? ''}
          </Text>
        </Flex>
        <Flex direction="column" gap="0" minWidth="0">
          <Text fontWeight="bold" isTruncated title={occurrence.title}>
            {occurrence.title}
          </Text>
          <Text fontSize="small">
            <time dateTime={occurrence.start_at}>
              {formatVenueTimeRange(occurrence.start_date, occurrence.end_date)}
            </time>
          </Text>
          <Text fontSize="small" color="font.secondary">
            {occurrence.venue.name} · {occurrence.space.title}
          </Text>
        </Flex>
      </Flex>
    </li>
  );
}
