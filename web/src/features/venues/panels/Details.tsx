import { Flex, Image, View } from '@aws-amplify/ui-react';
import type { Screen, Space, Venue } from '@shared/schemas/venues';
import { useAmenities, useSpaceTypes, useVenueTypes } from '../api';
import { DetailRow } from '@web/components/DetailRow';
import { RecordDetails } from '@web/components/RecordDetails';
import { ScreenStateRows } from '../screenState';
import {
  addressOf,
  availabilityOf,
  colourName,
  nextSchedule,
  screenName,
  titlesOf,
  typeTitle,
} from '../text';
import { SpaceCalendar } from '../../calendars/SpaceCalendar';
import { SpaceFeed } from './SpaceFeed';

/** The read-only side of the Venues area's panels (docs/product/client-area.md §4): Edit when the person may. */

export function VenueDetails({ venue, onEdit }: { venue: Venue; onEdit?: () => void }) {
  const { data: types } = useVenueTypes();
  return (
    <RecordDetails record={venue} onEdit={onEdit}>
      <DetailRow label="Name">{venue.name}</DetailRow>
      <DetailRow label="Phone">{venue.phone_no ?? '—'}</DetailRow>
      <DetailRow label="Address">{addressOf(venue) || '—'}</DetailRow>
      <DetailRow label="Time zone">{venue.timezone}</DetailRow>
      <DetailRow label="Type">{typeTitle(venue, types)}</DetailRow>
      <DetailRow label="Spaces">
        {venue.spaces.map((space) => space.title).join(', ') || 'None yet'}
      </DetailRow>
    </RecordDetails>
  );
}

/** A colour of the palette as a small square beside its name. */
function ColourSwatch({ value }: { value: string }) {
  return (
    <Flex as="span" alignItems="center" gap="xs">
      <View
        as="span"
        display="inline-block"
        width="1rem"
        height="1rem"
        borderRadius="small"
        backgroundColor={value}
        aria-hidden
      />
      {colourName(value)}
    </Flex>
  );
}

export function SpaceDetails({
  space,
  onEdit,
  onChanged,
}: {
  space: Space;
  onEdit?: () => void;
  /** The space as it is after a change made here (its calendar unlinked). */
  onChanged: (space: Space) => void;
}) {
  const { data: amenities } = useAmenities();
  const { data: types } = useSpaceTypes();
  return (
    <Flex direction="column" gap="medium">
      {space.photo_url && <Image src={space.photo_url} alt={`Photo of ${space.title}`} maxHeight="12rem" />}
      <RecordDetails record={space} onEdit={onEdit}>
        <DetailRow label="Venue">{space.venue_name}</DetailRow>
        <DetailRow label="Title">{space.title}</DetailRow>
        <DetailRow label="Location">{space.location ?? '—'}</DetailRow>
        <DetailRow label="Capacity">{space.capacity ?? '—'}</DetailRow>
        <DetailRow label="Dimensions">{space.dimensions ?? '—'}</DetailRow>
        <DetailRow label="Handicap accessible">{space.handicap_accessible}</DetailRow>
        <DetailRow label="Amenities">{titlesOf(space.amenities, amenities).join(', ') || '—'}</DetailRow>
        <DetailRow label="Space types">{titlesOf(space.space_type, types).join(', ') || '—'}</DetailRow>
        <DetailRow label="Notes">{space.notes ?? '—'}</DetailRow>
        <DetailRow label="Availability">{availabilityOf(space)}</DetailRow>
        <DetailRow label="Event check-in">
          {space.check_in_window === 'Yes'
            ? `From ${space.before_event ?? '—'} min before to ${space.after_event ?? '—'} min after the start`
            : 'No'}
        </DetailRow>
        <DetailRow label="Calendar colour">
          <ColourSwatch value={space.calendar_color} />
        </DetailRow>
        <DetailRow label="Screens">{space.screens}</DetailRow>
        <DetailRow label="Next schedule">{nextSchedule(space)}</DetailRow>
      </RecordDetails>
      <SpaceCalendar space={space} onUnlinked={onChanged} />
      <SpaceFeed space={space} />
    </Flex>
  );
}

export function ScreenDetails({ screen, onEdit }: { screen: Screen; onEdit?: () => void }) {
  return (
    <Flex direction="column" gap="medium">
      {screen.photo_url && (
        <Image src={screen.photo_url} alt={`Photo of ${screenName(screen)}`} maxHeight="12rem" />
      )}
      <RecordDetails record={screen} onEdit={onEdit}>
        <DetailRow label="Screen ID number">{screen.screen_id_no}</DetailRow>
        <DetailRow label="Name">{screen.name ?? '—'}</DetailRow>
        <DetailRow label="Hardware">{screen.hardware ?? '—'}</DetailRow>
        <DetailRow label="Venue">{screen.venue.name}</DetailRow>
        <DetailRow label="Space">{screen.space.title}</DetailRow>
        <DetailRow label="Device status">{screen.device_status}</DetailRow>
        <ScreenStateRows screen={screen} />
      </RecordDetails>
    </Flex>
  );
}
