import { lazy, Suspense, useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Screen, Space, Venue } from '@shared/schemas/venues';
import { actsOn } from '@shared/venues';
import {
  assignCoordinator,
  assignManager,
  setCoordinatorPermission,
  setManagerPermission,
  useAvailableCoordinators,
  useAvailableManagers,
  useCoordinators,
  useSpace,
  useSpaces,
  useVenueManagers,
  useVenues,
  venuePaths,
} from '../api';
import { PageLoader } from '@web/components/PageLoader';
import { SidePanel } from '@web/components/SidePanel';
import { may, useCalendarIntegration, type Access } from '../access';
import { Assignments } from './Assignments';
import { ScreenDetails, SpaceDetails, VenueDetails } from './Details';
import { CapAlertPanel } from '../../alerts/CapAlertPanel';
import { OfflineNotificationsForm } from './OfflineNotificationsForm';
import { closedPanel, type CurrentItems, type PanelState } from './state';
import { ScreenForm } from './ScreenForm';
import { SpaceForm } from './SpaceForm';
import { VenueForm } from './VenueForm';

// The slideshow panel (its drag-and-drop library, the transitions' CSS) loads when it first opens.
const SlideshowPanel = lazy(() =>
  import('../../slideshows/SlideshowPanel').then((m) => ({ default: m.SlideshowPanel })),
);

// Linking calendar accounts (the popup's machinery, the providers' logos) loads with the first
// venue panel of someone who may.
const LinkedCalendars = lazy(() =>
  import('../../calendars/LinkedCalendars').then((m) => ({ default: m.LinkedCalendars })),
);

const latest = <T extends { id: string }>(item: T, list: readonly T[] | undefined): T =>
  list?.find((other) => other.id === item.id) ?? item;

/**
 * The panel `panel` names, in a side panel. This module, with its forms (react-hook-form, the
 * zod schemas), loads when a panel first opens (PanelHost).
 */
export function Panels({
  access,
  panel,
  setPanel,
  current = {},
}: {
  access: Access;
  panel: PanelState;
  setPanel: (next: PanelState) => void;
  current?: CurrentItems;
}) {
  const close = useCallback(() => setPanel(closedPanel), [setPanel]);
  switch (panel.kind) {
    case 'closed':
      return null;
    case 'venue': {
      const venue = panel.venue && latest(panel.venue, current.venues);
      return (
        <SidePanel title={venue ? 'Edit venue' : 'Add new venue'} onClose={close}>
          {panel.editing || !venue ? (
            <VenueForm
              key={venue?.id ?? 'new'}
              venue={venue}
              onSaved={(saved) => setPanel({ kind: 'venue', venue: saved, editing: false })}
              onCancel={() => (venue ? setPanel({ kind: 'venue', venue, editing: false }) : close())}
            />
          ) : (
            <VenueDetails
              venue={venue}
              onEdit={
                may.editVenue(access, venue)
                  ? () => setPanel({ kind: 'venue', venue, editing: true })
                  : undefined
              }
            />
          )}
          {venue && may.linkCalendars(access, venue) && <VenueCalendars venue={venue} />}
          {venue && may.manageVenueManagers(access, venue) && <VenueManagers venue={venue} />}
        </SidePanel>
      );
    }
    case 'space-ref':
      return <SpaceByRef id={panel.id} title={panel.title} access={access} setPanel={setPanel} />;
    case 'space': {
      const space = panel.space && latest(panel.space, current.spaces);
      return (
        <SidePanel title={space ? 'Edit Space' : 'Add new space'} onClose={close}>
          {panel.editing || !space ? (
            <SpaceFormWithVenues access={access} space={space} setPanel={setPanel} />
          ) : (
            <SpaceDetails
              space={space}
              onChanged={(changed) => setPanel({ kind: 'space', space: changed, editing: false })}
              onEdit={
                may.editSpace(access, space)
                  ? () => setPanel({ kind: 'space', space, editing: true })
                  : undefined
              }
            />
          )}
          {space && may.manageCoordinators(access, space) && <Coordinators space={space} />}
        </SidePanel>
      );
    }
    case 'screen': {
      const screen = panel.screen && latest(panel.screen, current.screens);
      return (
        <SidePanel title={screen ? 'Edit screen' : 'Add new screen'} onClose={close}>
          {panel.editing || !screen ? (
            <ScreenFormWithPlaces access={access} screen={screen} setPanel={setPanel} />
          ) : (
            <ScreenDetails
              screen={screen}
              onEdit={
                may.editScreen(access, screen)
                  ? () => setPanel({ kind: 'screen', screen, editing: true })
                  : undefined
              }
            />
          )}
        </SidePanel>
      );
    }
    case 'offline':
      return (
        <SidePanel title="Screen Offline Notifications" onClose={close}>
          <OfflineNotificationsForm
            screen={latest(panel.screen, current.screens)}
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      );
    case 'cap': {
      const space = latest(panel.space, current.spaces);
      return (
        <SidePanel title={`CAP Alert | ${space.title}`} onClose={close}>
          <CapAlertPanel space={space} canEdit={may.editSpace(access, space)} />
        </SidePanel>
      );
    }
    case 'slideshow': {
      const space = latest(panel.space, current.spaces);
      if (!may.manageSlideshows(access, space)) return null;
      return (
        <SidePanel title={`Slideshow | ${space.title}`} onClose={close}>
          <Suspense fallback={<PageLoader />}>
            <SlideshowPanel space={space} />
          </Suspense>
        </SidePanel>
      );
    }
  }
}

/** A space opened from its venue's card: read first (the card knows only its title). */
function SpaceByRef({
  id,
  title,
  access,
  setPanel,
}: {
  id: string;
  title: string;
  access: Access;
  setPanel: (next: PanelState) => void;
}) {
  const { data: space } = useSpace(id);
  const close = useCallback(() => setPanel(closedPanel), [setPanel]);
  if (!space) {
    return (
      <SidePanel title={title} onClose={close}>
        <PageLoader />
      </SidePanel>
    );
  }
  return <Panels access={access} panel={{ kind: 'space', space, editing: false }} setPanel={setPanel} />;
}

/** The venues a new space or screen may go in: active ones the person acts on. */
function usePlaceableVenues(access: Access) {
  const { data } = useVenues();
  return data?.filter((venue) => venue.status === 'Active' && actsOn(access.role, venue.permission));
}

function SpaceFormWithVenues({
  access,
  space,
  setPanel,
}: {
  access: Access;
  space: Space | null;
  setPanel: (next: PanelState) => void;
}) {
  const venues = usePlaceableVenues(access);
  return (
    <SpaceForm
      key={space?.id ?? 'new'}
      space={space}
      venues={venues}
      onSaved={(saved) => setPanel({ kind: 'space', space: saved, editing: false })}
      onCancel={() => setPanel(space ? { kind: 'space', space, editing: false } : closedPanel)}
    />
  );
}

function ScreenFormWithPlaces({
  access,
  screen,
  setPanel,
}: {
  access: Access;
  screen: Screen | null;
  setPanel: (next: PanelState) => void;
}) {
  const venues = usePlaceableVenues(access);
  const { data: spaces } = useSpaces();
  return (
    <ScreenForm
      key={screen?.id ?? 'new'}
      screen={screen}
      venues={venues}
      spaces={spaces?.filter((space) => space.status === 'Active')}
      onSaved={(saved) => setPanel({ kind: 'screen', screen: saved, editing: false })}
      onCancel={() => setPanel(screen ? { kind: 'screen', screen, editing: false } : closedPanel)}
    />
  );
}

/** The venue's linked calendars, when the package includes the integration. */
function VenueCalendars({ venue }: { venue: Venue }) {
  if (!useCalendarIntegration()) return null;
  return (
    <Suspense fallback={null}>
      <LinkedCalendars venue={venue} />
    </Suspense>
  );
}

function VenueManagers({ venue }: { venue: Venue }) {
  const { mutate } = useSWRConfig();
  const { data: assignments } = useVenueManagers(venue.id);
  const { data: available } = useAvailableManagers(venue.id);
  return (
    <Assignments
      title="Venue managers"
      noun="venue manager"
      assignments={assignments}
      available={available}
      setPermission={(userId, permission) => setManagerPermission(venue.id, userId, permission)}
      assign={(userId) => assignManager(venue.id, userId)}
      revalidate={() =>
        Promise.all([mutate(venuePaths.managers(venue.id)), mutate(venuePaths.availableManagers(venue.id))])
      }
    />
  );
}

function Coordinators({ space }: { space: Space }) {
  const { mutate } = useSWRConfig();
  const { data: assignments } = useCoordinators(space.id);
  const { data: available } = useAvailableCoordinators(space.id);
  return (
    <Assignments
      title="Event coordinators"
      noun="event coordinator"
      assignments={assignments}
      available={available}
      setPermission={(userId, permission) => setCoordinatorPermission(space.id, userId, permission)}
      assign={(userId) => assignCoordinator(space.id, userId)}
      revalidate={() =>
        Promise.all([
          mutate(venuePaths.coordinators(space.id)),
          mutate(venuePaths.availableCoordinators(space.id)),
        ])
      }
    />
  );
}
