import { Button, Flex, Grid, Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { allows } from '@shared/roles';
import { useUpcomingBookings } from '../bookings/api';
import { useRecentScreens, useRecentSpaces, useRecentVenues } from '../venues/api';
import { RecentList, RecentRow } from '@web/components/RecentList';
import { may, useAccess, type Access } from '../venues/access';
import { ItemStatusSwitch } from '../venues/cards';
import { closedPanel, PanelHost, type PanelState } from '../venues/panels/PanelHost';
import { screenName } from '../venues/text';
import { UpcomingRow } from './UpcomingRow';

/**
 * /c/dashboard (docs/product/client-area.md §2 "Dashboard"): the recently added venues, spaces and screens, each
 * list as the role's dashboard flags allow (screens with the Venues area), each row with an
 * Active/Inactive switch and a name that opens the item's panel, the same as in the Venues area;
 * and the caller's upcoming events (`dashboard.recentbookings`), with a button that opens the
 * add-event panel when the role may add events.
 */
export function DashboardPage() {
  const access = useAccess();
  if (!access) return null;
  return <Dashboard access={access} />;
}

function Dashboard({ access }: { access: Access }) {
  const [panel, setPanel] = useState<PanelState>(closedPanel);
  const showVenues = allows(access.attrs, 'dashboard.recentvenues');
  const showSpaces = allows(access.attrs, 'dashboard.recentspaces');
  const showScreens = allows(access.attrs, 'venue.visible');
  const showBookings = allows(access.attrs, 'dashboard.recentbookings');
  const venues = useRecentVenues(showVenues);
  const spaces = useRecentSpaces(showSpaces);
  const screens = useRecentScreens(showScreens);
  const upcoming = useUpcomingBookings(showBookings);
  // Not toasted (the header asks for the same list every minute): the list says it.
  const upcomingFailed = !upcoming.data && !!upcoming.error;
  const navigate = useNavigate();

  return (
    <Flex direction="column" gap="large">
      <Heading level={1}>Dashboard</Heading>
      <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="medium">
        {showVenues && (
          <RecentList title="Recently added venues" loading={!venues.data} empty="No venues yet.">
            {(venues.data ?? []).map((venue) => (
              <RecentRow
                key={venue.id}
                name={venue.name}
                note={[venue.city, venue.timezone].filter(Boolean).join(' · ')}
                onOpen={() => setPanel({ kind: 'venue', venue, editing: false })}
              >
                <ItemStatusSwitch
                  kind="venue"
                  id={venue.id}
                  name={venue.name}
                  status={venue.status}
                  isDisabled={!may.editVenue(access, venue)}
                />
              </RecentRow>
            ))}
          </RecentList>
        )}
        {showSpaces && (
          <RecentList title="Recently added spaces" loading={!spaces.data} empty="No spaces yet.">
            {(spaces.data ?? []).map((space) => (
              <RecentRow
                key={space.id}
                name={space.title}
                note={space.venue_name}
                onOpen={() => setPanel({ kind: 'space', space, editing: false })}
              >
                <ItemStatusSwitch
                  kind="space"
                  id={space.id}
                  name={space.title}
                  status={space.status}
                  isDisabled={!may.editSpace(access, space)}
                />
              </RecentRow>
            ))}
          </RecentList>
        )}
        {showScreens && (
          <RecentList title="Recently added screens" loading={!screens.data} empty="No screens yet.">
            {(screens.data ?? []).map((screen) => (
              <RecentRow
                key={screen.id}
                name={screenName(screen)}
                note={`${screen.venue.name} · ${screen.space.title}`}
                onOpen={() => setPanel({ kind: 'screen', screen, editing: false })}
              >
                <ItemStatusSwitch
                  kind="screen"
                  id={screen.id}
                  name={screenName(screen)}
                  status={screen.status}
                  isDisabled={!may.editScreen(access, screen)}
                />
              </RecentRow>
            ))}
          </RecentList>
        )}
        {showBookings && (
          <RecentList
            title="Upcoming events"
            loading={!upcoming.data && !upcomingFailed}
            failed={upcomingFailed ? 'Upcoming events could not be loaded.' : undefined}
            empty="No upcoming events."
            action={
              allows(access.attrs, 'events.permission.add') && (
                <Button
                  size="small"
                  variation="primary"
                  aria-label="Add event"
                  onClick={() => void navigate('/c/booking?openAddEvent')}
                >
                  +
                </Button>
              )
            }
          >
            {(upcoming.data ?? []).map((occurrence) => (
              <UpcomingRow key={`${occurrence.id}@${occurrence.occurrence_start}`} occurrence={occurrence} />
            ))}
          </RecentList>
        )}
      </Grid>
      <PanelHost
        access={access}
        panel={panel}
        setPanel={setPanel}
        current={{ venues: venues.data, spaces: spaces.data, screens: screens.data }}
      />
    </Flex>
  );
}
