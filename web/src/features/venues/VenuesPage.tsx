import { Button, Flex, Grid, Heading, Pagination, Text, View, type GridProps } from '@aws-amplify/ui-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Space } from '@shared/schemas/venues';
import { useAmenities, useScreens, useSpaces, useSpaceTypes, useVenues } from './api';
import { PageLoader } from '@web/components/PageLoader';
import { useSortMenu } from '@web/layout/sortMenu';
import { may, useAccess, type Access } from './access';
import { ListSearch, ScreenCard, SpaceCard, VenueCard } from './cards';
import { closedPanel, PanelHost, type PanelState } from './panels/PanelHost';
import { searched, searchValues, sortOptions, sortScreens, sortSpaces, sortVenues } from './sorting';

type ListName = keyof typeof sortOptions;

/** The lists of the left menu, their labels, page sizes and add permission (docs/product/client-area.md §2, §9). */
const lists: Record<
  ListName,
  {
    label: string;
    heading: string;
    pageSize: number;
    shown: (a: Access) => boolean;
    add: (a: Access) => boolean;
  }
> = {
  venues: { label: 'VENUES', heading: 'Venue list', pageSize: 10, shown: may.listVenues, add: may.addVenue },
  spaces: { label: 'SPACES', heading: 'Space list', pageSize: 10, shown: () => true, add: may.addSpace },
  screens: {
    label: 'SCREENS',
    heading: 'Screen list',
    pageSize: 12,
    shown: may.listScreens,
    add: may.addScreen,
  },
};
const listNames = Object.keys(lists) as ListName[];

const newPanel: Record<ListName, PanelState> = {
  venues: { kind: 'venue', venue: null, editing: true },
  spaces: { kind: 'space', space: null, editing: true },
  screens: { kind: 'screen', screen: null, editing: true },
};

const addLabel: Record<ListName, string> = {
  venues: 'Add venue',
  spaces: 'Add space',
  screens: 'Add screen',
};

/**
 * /c/venues (docs/product/client-area.md §2 "Venues area"): a left menu of VENUES, SPACES and SCREENS (an Event
 * Coordinator has spaces only), each with its add button when the role may add; the chosen list
 * (`?list=`) as cards, paged (10 venues, 10 spaces, 12 screens in thirds), sorted by the
 * header's menu and narrowed by a search box; cards open their panels.
 */
export function VenuesPage() {
  const access = useAccess();
  if (!access) return null;
  return <VenuesArea access={access} />;
}

function VenuesArea({ access }: { access: Access }) {
  const [params] = useSearchParams();
  const [panel, setPanel] = useState<PanelState>(closedPanel);
  const shown = listNames.filter((name) => lists[name].shown(access));
  const asked = params.get('list') as ListName | null;
  const list = asked && shown.includes(asked) ? asked : shown[0]!;
  const sortKey = useSortMenu(sortOptions[list]);
  // The search belongs to the list it was typed in.
  const [search, setSearch] = useState({ list, text: '' });
  const text = search.list === list ? search.text : '';
  const headingId = useId();

  const venues = useVenues(list === 'venues');
  const spaces = useSpaces(list === 'spaces');
  const screens = useScreens(list === 'screens');
  // A new sort or search starts at the first page.
  const pagedKey = `${list}|${sortKey}|${text}`;

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Venues</Heading>
      <Flex gap="large" wrap="wrap" alignItems="flex-start">
        <View as="nav" aria-label="Venues area" minWidth="12rem">
          <Flex as="ul" direction="column" gap="xs" padding="0" margin="0" style={{ listStyle: 'none' }}>
            {shown.map((name) => (
              <li key={name}>
                <Flex alignItems="center" justifyContent="space-between" gap="small">
                  <Link
                    to={{ search: `?list=${name}` }}
                    className={`spaces-nav-link${name === list ? ' active' : ''}`}
                    aria-current={name === list ? 'page' : undefined}
                    style={{ flex: 1 }}
                  >
                    {lists[name].label}
                  </Link>
                  {lists[name].add(access) && (
                    <Button
                      size="small"
                      variation="primary"
                      aria-label={addLabel[name]}
                      onClick={() => setPanel(newPanel[name])}
                    >
                      +
                    </Button>
                  )}
                </Flex>
              </li>
            ))}
          </Flex>
        </View>
        {/* Beside the lists' menu where there is room, under it on a phone. */}
        <Flex
          as="section"
          aria-labelledby={headingId}
          direction="column"
          gap="medium"
          flex="1 1 20rem"
          minWidth="0"
        >
          <Flex justifyContent="space-between" alignItems="center" gap="medium" wrap="wrap">
            <Heading level={2} id={headingId}>
              {lists[list].heading}
            </Heading>
            <ListSearch
              label={`Search ${list}`}
              value={text}
              onChange={(next) => setSearch({ list, text: next })}
            />
          </Flex>
          {list === 'venues' && (
            <Paged
              key={pagedKey}
              items={venues.data && sortVenues(searched(venues.data, text, searchValues.venues), sortKey)}
              pageSize={lists.venues.pageSize}
              empty={text ? 'No venues found.' : 'No venues yet.'}
              columns={{ base: '1fr', large: '1fr 1fr' }}
              render={(venue) => <VenueCard venue={venue} access={access} open={setPanel} />}
            />
          )}
          {list === 'spaces' && (
            <SpaceList
              key={pagedKey}
              spaces={spaces.data && sortSpaces(searched(spaces.data, text, searchValues.spaces), sortKey)}
              empty={text ? 'No spaces found.' : 'No spaces yet.'}
              access={access}
              open={setPanel}
            />
          )}
          {list === 'screens' && (
            <Paged
              key={pagedKey}
              items={screens.data && sortScreens(searched(screens.data, text, searchValues.screens), sortKey)}
              pageSize={lists.screens.pageSize}
              empty={text ? 'No screens found.' : 'No screens yet.'}
              columns={{ base: '1fr', medium: '1fr 1fr', large: '1fr 1fr 1fr' }}
              render={(screen) => <ScreenCard screen={screen} access={access} open={setPanel} />}
            />
          )}
        </Flex>
      </Flex>
      <PanelHost
        access={access}
        panel={panel}
        setPanel={setPanel}
        current={{ venues: venues.data, spaces: spaces.data, screens: screens.data }}
      />
    </Flex>
  );
}

function SpaceList({
  spaces,
  empty,
  access,
  open,
}: {
  spaces: readonly Space[] | undefined;
  empty: string;
  access: Access;
  open: (panel: PanelState) => void;
}) {
  const { data: amenities } = useAmenities();
  const { data: spaceTypes } = useSpaceTypes();
  return (
    <Paged
      items={spaces}
      pageSize={lists.spaces.pageSize}
      empty={empty}
      columns={{ base: '1fr', large: '1fr 1fr' }}
      render={(space) => (
        <SpaceCard space={space} access={access} open={open} amenities={amenities} spaceTypes={spaceTypes} />
      )}
    />
  );
}

/** A list of cards, a page at a time. */
function Paged<T extends { id: string }>({
  items,
  pageSize,
  empty,
  columns,
  render,
}: {
  items: readonly T[] | undefined;
  pageSize: number;
  empty: string;
  columns: GridProps['templateColumns'];
  render: (item: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  if (!items) return <PageLoader />;
  if (items.length === 0) return <Text color="font.secondary">{empty}</Text>;
  const pages = Math.ceil(items.length / pageSize);
  const current = Math.min(page, pages);
  return (
    <Flex direction="column" gap="medium">
      <Grid
        as="ul"
        templateColumns={columns}
        gap="medium"
        padding="0"
        margin="0"
        style={{ listStyle: 'none' }}
      >
        {items.slice((current - 1) * pageSize, current * pageSize).map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </Grid>
      {pages > 1 && (
        <Pagination
          currentPage={current}
          totalPages={pages}
          onNext={() => setPage(current + 1)}
          onPrevious={() => setPage(current - 1)}
          onChange={(next) => setPage(next ?? 1)}
        />
      )}
    </Flex>
  );
}
