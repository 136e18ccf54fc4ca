import { Alert, Button, Flex, Heading, Image, Text } from '@aws-amplify/ui-react';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import { DetailRow } from '@web/components/DetailRow';
import { formatVenueTimeRange } from '@web/activityTime';
import { describeRule, externalSource, sourceName } from '../text';

/**
 * An event's details (docs/product/client-area.md §2 "Event details panel"): the space's photo, the time range
 * ('5th Dec, 2026 | 2:30pm - 3:30pm', the venue's wall clock), title, description and invitees;
 * Edit and Delete when offered (the role's flag and the event's own permission). An event made in
 * a linked Google or Microsoft calendar says so, and is changed there: no Edit or Delete.
 */
export function EventDetails({
  occurrence,
  onEdit,
  onDelete,
}: {
  occurrence: BookingOccurrence;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const source = externalSource(occurrence);
  const actions = !source && (onEdit || onDelete);
  return (
    <Flex direction="column" gap="medium">
      {source && (
        <Alert variation="info">Made in the linked {sourceName(source)} calendar. Change it there.</Alert>
      )}
      {occurrence.space.photo_url && (
        <Image
          src={occurrence.space.photo_url}
          alt={`Photo of ${occurrence.space.title}`}
          maxHeight="12rem"
          objectFit="cover"
        />
      )}
      <Flex direction="column" gap="xxs">
        <Text color="font.secondary">{formatVenueTimeRange(occurrence.start_date, occurrence.end_date)}</Text>
        <Heading level={3}>{occurrence.title}</Heading>
      </Flex>
      <Flex as="dl" direction="column" gap="small" margin="0">
        <DetailRow label="Description">{occurrence.description || '—'}</DetailRow>
        <DetailRow label="Place">
          {occurrence.space.title}, {occurrence.venue.name}
        </DetailRow>
        {occurrence.recurring === 'Yes' && <DetailRow label="Repeats">{describeRule(occurrence)}</DetailRow>}
        <DetailRow label="Invitees">
          {occurrence.invites_list.length === 0 ? (
            'None'
          ) : (
            <Flex as="ul" direction="column" gap="xxs" padding="0" margin="0" style={{ listStyle: 'none' }}>
              {occurrence.invites_list.map((invite) => (
                <li key={invite.email}>{invite.name ? `${invite.name} <${invite.email}>` : invite.email}</li>
              ))}
            </Flex>
          )}
        </DetailRow>
        <DetailRow label="Organizer">{occurrence.organizer.name}</DetailRow>
        {occurrence.check_in && (
          <DetailRow label="Check-in">
            {occurrence.check_in === 'Released'
              ? 'Released: nobody checked in at the room in time, so the room was freed'
              : 'Checked in at the room'}
          </DetailRow>
        )}
      </Flex>
      {actions && (
        <Flex gap="small">
          {onEdit && (
            <Button variation="primary" onClick={onEdit}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button colorTheme="error" onClick={onDelete}>
              Delete
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
