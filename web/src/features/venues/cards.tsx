import { Badge, Button, Card, Flex, Heading, Image, TextField } from '@aws-amplify/ui-react';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Status } from '@shared/schemas/common';
import type { ConfigItem } from '@shared/schemas/config';
import type { Screen, Space, Venue } from '@shared/schemas/venues';
import { revalidateAfter, setScreenStatus, setSpaceStatus, setVenueStatus } from './api';
import { DetailRow } from '@web/components/DetailRow';
import { StatusBadge } from '@web/components/StatusBadge';
import { StatusSwitch } from '@web/components/StatusSwitch';
import { may, type Access } from './access';
import type { PanelState } from './panels/state';
import { ScreenStateRows } from './screenState';
import { addressOf, nextSchedule, screenName, titlesOf } from './text';

/** The cards of the Venues area's lists (docs/product/client-area.md §2 "Cards") and their search box. */

type Open = (panel: PanelState) => void;

/**
 * The search box of a list: an account may have a thousand venues, and a page shows ten. (The
 * spec names no search here; the Users table's works alike.)
 */
export function ListSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <TextField
      label={label}
      labelHidden
      type="search"
      placeholder="Search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
    />
  );
}

const setters = { venue: setVenueStatus, space: setSpaceStatus, screen: setScreenStatus };
const updated = { venue: 'Venue updated', space: 'Space updated', screen: 'Screen updated' };

/**
 * An Active/Inactive switch of a venue, space or screen that saves at once (GET …/{id}/{status}),
 * then revalidates what shows it and the header's totals; a refusal (e.g. no licence left for a
 * screen) is one toast with the server's message.
 */
export function ItemStatusSwitch({
  kind,
  id,
  name,
  status,
  isDisabled,
}: {
  kind: 'venue' | 'space' | 'screen';
  id: string;
  name: string;
  status: Status;
  isDisabled: boolean;
}) {
  const { mutate } = useSWRConfig();
  return (
    <StatusSwitch
      status={status}
      label={`Status of ${name}`}
      isDisabled={isDisabled}
      save={async (next) => {
        const reply = await setters[kind](id, next);
        toast.success(reply.message ?? updated[kind]);
        await revalidateAfter(mutate, kind);
      }}
    />
  );
}

/** A card: its name (which opens the item read-only), a badge, its rows and its actions. */
function ItemCard({
  name,
  onOpen,
  badge,
  picture,
  children,
  actions,
}: {
  name: string;
  onOpen: () => void;
  badge?: ReactNode;
  picture?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card as="article" variation="outlined" aria-labelledby={headingId} height="100%">
      <Flex direction="column" gap="small" height="100%">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small">
          <Heading level={3} id={headingId} fontSize="medium">
            <Button variation="link" padding="0" onClick={onOpen} textAlign="start">
              {name}
            </Button>
          </Heading>
          {badge}
        </Flex>
        {picture}
        <Flex as="dl" direction="column" gap="xs" margin="0" flex="1">
          {children}
        </Flex>
        {actions && (
          <Flex gap="small" wrap="wrap" alignItems="center">
            {actions}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}

export function VenueCard({ venue, access, open }: { venue: Venue; access: Access; open: Open }) {
  const canEdit = may.editVenue(access, venue);
  return (
    <ItemCard
      name={venue.name}
      onOpen={() => open({ kind: 'venue', venue, editing: false })}
      badge={<StatusBadge status={venue.status} />}
      actions={
        canEdit && (
          <Button
            size="small"
            onClick={() => open({ kind: 'venue', venue, editing: true })}
            aria-label={`Edit ${venue.name}`}
          >
            Edit
          </Button>
        )
      }
    >
      <DetailRow label="Address">{addressOf(venue) || '—'}</DetailRow>
      <DetailRow label="Time zone">{venue.timezone}</DetailRow>
      <DetailRow label="Spaces">
        {venue.spaces.length === 0 ? (
          'None yet'
        ) : (
          <Flex as="span" wrap="wrap" columnGap="small">
            {venue.spaces.map((space) => (
              <Button
                key={space.id}
                variation="link"
                size="small"
                padding="0"
                onClick={() => open({ kind: 'space-ref', id: space.id, title: space.title })}
              >
                {space.title}
              </Button>
            ))}
          </Flex>
        )}
      </DetailRow>
    </ItemCard>
  );
}

/** Whether the space has a slideshow and shows it. */
function slideshowNote(space: Space): string {
  if (!space.slideshow_id) return 'No slideshow';
  return space.slideshow_status === 1 ? 'Slideshow on' : 'Slideshow off';
}

/**
 * The space's slideshow state; a button that opens its slideshows for whoever manages them
 * (an Account Admin, a Venue Manager approved on the venue), a note for a manager who is not.
 */
function SlideshowAction({ space, access, open }: { space: Space; access: Access; open: Open }) {
  if (!may.seeSlideshows(access)) return null;
  const note = slideshowNote(space);
  if (!may.manageSlideshows(access, space)) return <Badge size="small">{note}</Badge>;
  return (
    <Button
      size="small"
      onClick={() => open({ kind: 'slideshow', space })}
      aria-label={`Slideshows of ${space.title}: ${note}`}
    >
      {note}
    </Button>
  );
}

export function SpaceCard({
  space,
  access,
  open,
  amenities,
  spaceTypes,
}: {
  space: Space;
  access: Access;
  open: Open;
  amenities: readonly ConfigItem[] | undefined;
  spaceTypes: readonly ConfigItem[] | undefined;
}) {
  const canEdit = may.editSpace(access, space);
  return (
    <ItemCard
      name={space.title}
      onOpen={() => open({ kind: 'space', space, editing: false })}
      badge={
        <Badge variation={space.availability === 'Available' ? 'success' : 'error'}>
          {space.availability}
        </Badge>
      }
      picture={
        space.photo_url && <Image src={space.photo_url} alt={`Photo of ${space.title}`} maxHeight="8rem" />
      }
      actions={
        <>
          <SlideshowAction space={space} access={access} open={open} />
          <Button
            size="small"
            onClick={() => open({ kind: 'cap', space })}
            aria-label={`Alerts of ${space.title}`}
          >
            Alerts
          </Button>
          {canEdit && (
            <Button
              size="small"
              onClick={() => open({ kind: 'space', space, editing: true })}
              aria-label={`Edit ${space.title}`}
            >
              Edit
            </Button>
          )}
        </>
      }
    >
      <DetailRow label="Venue">{space.venue_name}</DetailRow>
      <DetailRow label="Location">{space.location ?? '—'}</DetailRow>
      <DetailRow label="Types">{titlesOf(space.space_type, spaceTypes).join(', ') || '—'}</DetailRow>
      <DetailRow label="Capacity">{space.capacity ?? '—'}</DetailRow>
      <DetailRow label="Amenities">{titlesOf(space.amenities, amenities).join(', ') || '—'}</DetailRow>
      <DetailRow label="Screens">{space.screens}</DetailRow>
      <DetailRow label="Next schedule">{nextSchedule(space)}</DetailRow>
      <DetailRow label="Status">
        <StatusBadge status={space.status} />
      </DetailRow>
    </ItemCard>
  );
}

export function ScreenCard({ screen, access, open }: { screen: Screen; access: Access; open: Open }) {
  const canEdit = may.editScreen(access, screen);
  const name = screenName(screen);
  return (
    <ItemCard
      name={name}
      onOpen={() => open({ kind: 'screen', screen, editing: false })}
      badge={
        <Badge variation={screen.device_status === 'Online' ? 'success' : undefined}>
          {screen.device_status}
        </Badge>
      }
      actions={
        <>
          <ItemStatusSwitch
            kind="screen"
            id={screen.id}
            name={name}
            status={screen.status}
            isDisabled={!canEdit}
          />
          {canEdit && (
            <Button
              size="small"
              onClick={() => open({ kind: 'offline', screen })}
              aria-label={`Offline notifications of ${name}`}
            >
              Offline notifications
            </Button>
          )}
          {canEdit && (
            <Button
              size="small"
              onClick={() => open({ kind: 'screen', screen, editing: true })}
              aria-label={`Edit ${name}`}
            >
              Edit
            </Button>
          )}
        </>
      }
    >
      <DetailRow label="Screen ID number">{screen.screen_id_no}</DetailRow>
      <DetailRow label="Place">
        {screen.venue.name} · {screen.space.title}
      </DetailRow>
      <ScreenStateRows screen={screen} />
    </ItemCard>
  );
}
