import { Button, Flex, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import { allows } from '@shared/roles';
import type { Venue } from '@shared/schemas/venues';
import { useBookings, useCalendarVenues } from './api';
import { PageLoader } from '@web/components/PageLoader';
import { may, useAccess, type Access } from '../venues/access';
import { BookingCalendar, type CalendarEvent, type CalendarView } from './BookingCalendar';
import { EventMenu, type EventMenuState } from './EventMenu';
import { useBookingFilters } from './filters';
import { localizer, titles } from './localizer';
import { EventPanelHost } from './panels/EventPanelHost';
import { closedPanel, occurrenceKey, type EventPanel } from './panels/state';
import {
  dayOf,
  floatingDate,
  floatingDay,
  nextHalfHour,
  shiftWallTime,
  venueNow,
  wallTimeOf,
} from './wallTime';

/** The Events section's message when no venue is chosen (docs/product/client-area.md §8). */
export const NO_VENUE_MESSAGE = 'Please select venue to load bookings';

/** A new event lasts an hour unless changed. */
const NEW_EVENT_MINUTES = 60;

const viewNames: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };
const calendarViews = Object.keys(viewNames) as CalendarView[];

/** The first and last day the view shows around `date`. */
function visibleDays(view: CalendarView, date: Date): { first: Date; last: Date } {
  if (view === 'month')
    return {
      first: localizer.firstVisibleDay(date, localizer),
      last: localizer.lastVisibleDay(date, localizer),
    };
  if (view === 'week') {
    const first = new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
    return { first, last: new Date(first.getFullYear(), first.getMonth(), first.getDate() + 6) };
  }
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return { first: day, last: day };
}

/** The view's title: 'December 2026', '7th Dec – 13th Dec, 2026', 'Monday, 7th Dec, 2026'. */
function titleOf(view: CalendarView, date: Date): string {
  if (view === 'month') return titles.month(date);
  if (view === 'day') return titles.day(date);
  const { first, last } = visibleDays('week', date);
  return titles.week({ start: first, end: last });
}

/** Now in the venue (the browser's own time without one), as a floating date. */
const nowIn = (venue: Venue | null) => (venue ? venueNow(venue.timezone) : new Date());

/**
 * /c/booking and /c/booking/{eventId} (docs/product/client-area.md §2 "Booking calendar (Events)"): a date with
 * previous and next, the venue and space (kept in the browser), Month / Week / Day and, for a role
 * that may add events, Add event; the venue's bookings of the days on screen, at the venue's
 * wall-clock times whatever the browser's zone. `?openAddEvent` opens the add form;
 * `?editEventId=` and /c/booking/{eventId} open an event for edit (`&occurrence_start=` names one
 * occurrence).
 */
export function BookingPage() {
  const access = useAccess();
  if (!access) return null;
  return <Booking access={access} />;
}

function Booking({ access }: { access: Access }) {
  const mayAdd = allows(access.attrs, 'events.permission.add');
  const navigate = useNavigate();
  const { eventId } = useParams();
  const [params] = useSearchParams();
  const { data: venues } = useCalendarVenues();
  const [filters, setFilters] = useBookingFilters();
  const venue = venues?.find((candidate) => candidate.id === filters.venue) ?? null;
  const space = venue?.spaces.find((candidate) => candidate.id === filters.space) ?? null;
  const [view, setView] = useState<CalendarView>('month');
  const [chosenDate, setDate] = useState<Date | null>(null);
  const date = chosenDate ?? nowIn(venue);
  const [localPanel, setPanel] = useState<EventPanel>(closedPanel);
  const [menu, setMenu] = useState<EventMenuState | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  // What the URL asks for shows until the person moves on, which leaves the URL.
  const editId = eventId ?? params.get('editEventId');
  const occurrenceStart = params.get('occurrence_start');
  // Both wait for the venues: the add form to start in the chosen one, a booking opened by id to
  // show its venue.
  const venuesLoaded = !!venues;
  const openAdd = params.has('openAddEvent') && mayAdd && venuesLoaded;
  const venueSpace = space?.id ?? null;
  const urlPanel = useMemo<EventPanel | null>(() => {
    if (editId) return venuesLoaded ? { kind: 'by-id', id: editId, occurrenceStart } : null;
    return openAdd ? addPanel(venue, venueSpace, null) : null;
  }, [editId, venuesLoaded, occurrenceStart, openAdd, venue, venueSpace]);
  const panel = urlPanel ?? localPanel;
  const changePanel = useCallback(
    (next: EventPanel) => {
      if (urlPanel) void navigate('/c/booking', { replace: true });
      setPanel(next);
    },
    [urlPanel, navigate],
  );
  const close = useCallback(() => changePanel(closedPanel), [changePanel]);

  const { first, last } = visibleDays(view, date);
  const bookings = useBookings(
    venue ? { venue: venue.id, space: space?.id ?? null, from: dayOf(first), to: dayOf(last) } : null,
  );
  const moved = panel.kind === 'edit' ? panel : null;
  const events = useMemo(
    () =>
      (bookings.data ?? [])
        .filter((occurrence) => occurrence.venue.id === venue?.id)
        .flatMap((occurrence): CalendarEvent[] => {
          const key = occurrenceKey(occurrence);
          const times =
            moved?.moved && occurrenceKey(moved.occurrence) === key
              ? moved.moved
              : { start: occurrence.start_date, end: occurrence.end_date };
          const start = floatingDate(times.start);
          const end = floatingDate(times.end);
          return start && end ? [{ key, title: occurrence.title, start, end, occurrence }] : [];
        }),
    [bookings.data, venue?.id, moved],
  );

  const timezone = venue?.timezone;
  const getNow = useCallback(() => (timezone ? venueNow(timezone) : new Date()), [timezone]);
  const selectedKey = panel.kind === 'details' ? occurrenceKey(panel.occurrence) : null;
  const canMove = useCallback((event: CalendarEvent) => may.editEvent(access, event.occurrence), [access]);

  const select = useCallback(
    (event: CalendarEvent) =>
      changePanel(
        selectedKey === event.key ? closedPanel : { kind: 'details', occurrence: event.occurrence },
      ),
    [changePanel, selectedKey],
  );

  const doubleClicked = useCallback(
    (slot: Date) => changePanel(addPanel(venue, venueSpace, slot)),
    [changePanel, venue, venueSpace],
  );

  const move = useCallback(
    (event: CalendarEvent, start: Date, end: Date) =>
      changePanel({
        kind: 'edit',
        occurrence: event.occurrence,
        moved: { start: wallTimeOf(start), end: wallTimeOf(end) },
      }),
    [changePanel],
  );

  const openMenu = useCallback(
    (event: CalendarEvent, at: { x: number; y: number }) => {
      const edit = may.editEvent(access, event.occurrence);
      const remove = may.deleteEvent(access, event.occurrence);
      if (edit || remove) setMenu({ occurrence: event.occurrence, at, edit, remove });
    },
    [access],
  );

  /** Shows a booking opened by id: its venue (when the person may book there) and its day. */
  const show = useCallback(
    (occurrence: Pick<BookingOccurrence, 'venue' | 'start_date'>) => {
      if (
        venues?.some((candidate) => candidate.id === occurrence.venue.id) &&
        filters.venue !== occurrence.venue.id
      )
        setFilters({ venue: occurrence.venue.id, space: null });
      const day = floatingDate(occurrence.start_date);
      if (day) setDate(day);
    },
    [venues, filters.venue, setFilters, setDate],
  );

  const step = (direction: 1 | -1) =>
    setDate(localizer.add(date, direction, view === 'month' ? 'month' : view === 'week' ? 'week' : 'day'));

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1}>Events</Heading>
      <Flex role="group" aria-label="Calendar controls" wrap="wrap" gap="medium" alignItems="flex-end">
        <Flex gap="xs" alignItems="flex-end">
          <Button aria-label={`Previous ${view}`} onClick={() => step(-1)}>
            ‹
          </Button>
          <TextField
            label="Date"
            type="date"
            value={dayOf(date)}
            onChange={(event) => {
              const day = floatingDay(event.target.value);
              if (day) setDate(day);
            }}
          />
          <Button aria-label={`Next ${view}`} onClick={() => step(1)}>
            ›
          </Button>
        </Flex>
        <SelectField
          label="Venue"
          value={venue?.id ?? ''}
          onChange={(event) => setFilters({ venue: event.target.value || null, space: null })}
        >
          <option value="">{venues ? 'Select venue' : 'Loading venues…'}</option>
          {(venues ?? []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Space"
          value={space?.id ?? ''}
          isDisabled={!venue}
          onChange={(event) => setFilters({ venue: venue?.id ?? null, space: event.target.value || null })}
        >
          <option value="">All spaces</option>
          {(venue?.spaces ?? []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title}
            </option>
          ))}
        </SelectField>
        <Flex role="group" aria-label="View" gap="0">
          {calendarViews.map((name) => (
            <Button
              key={name}
              variation={view === name ? 'primary' : undefined}
              aria-pressed={view === name}
              onClick={() => setView(name)}
            >
              {viewNames[name]}
            </Button>
          ))}
        </Flex>
        {mayAdd && (
          <Button variation="primary" onClick={() => changePanel(addPanel(venue, venueSpace, null))}>
            Add event
          </Button>
        )}
      </Flex>
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="small">
        <Heading level={2}>{titleOf(view, date)}</Heading>
        {venue && (
          <Text color="font.secondary" fontSize="small">
            Times in {venue.timezone}
          </Text>
        )}
      </Flex>
      {!venues ? (
        <PageLoader />
      ) : !venue ? (
        <Text role="status">{NO_VENUE_MESSAGE}</Text>
      ) : (
        <BookingCalendar
          events={events}
          view={view}
          date={date}
          getNow={getNow}
          selectedKey={selectedKey}
          onView={setView}
          onNavigate={setDate}
          onSelect={select}
          onDoubleClickSlot={mayAdd ? doubleClicked : undefined}
          onMove={move}
          canMove={canMove}
          onContextMenu={openMenu}
        />
      )}
      {menu && (
        <EventMenu
          menu={menu}
          onClose={closeMenu}
          onEdit={(occurrence) => changePanel({ kind: 'edit', occurrence })}
          onDelete={(occurrence) => changePanel({ kind: 'delete-this', occurrence })}
        />
      )}
      <EventPanelHost access={access} panel={panel} setPanel={changePanel} close={close} show={show} />
    </Flex>
  );
}

/**
 * The add form's panel: on `day` (today in the venue without one) at the first half hour from now
 * in the venue (docs/product/client-area.md §2: a double-click opens the form "at that date with the current
 * time"), for an hour.
 */
function addPanel(venue: Venue | null, space: string | null, day: Date | null): EventPanel {
  const now = nextHalfHour(nowIn(venue));
  const on = day ?? now;
  const start = new Date(on.getFullYear(), on.getMonth(), on.getDate(), now.getHours(), now.getMinutes());
  return {
    kind: 'add',
    venue: venue?.id ?? null,
    space,
    start: wallTimeOf(start),
    end: shiftWallTime(wallTimeOf(start), NEW_EVENT_MINUTES) ?? wallTimeOf(start),
  };
}
