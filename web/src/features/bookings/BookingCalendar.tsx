import {
  useCallback,
  useMemo,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type SyntheticEvent,
} from 'react';
import type { CalendarProps, Components, EventProps, SlotInfo, View } from 'react-big-calendar';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import withDragAndDropModule, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import CalendarModule from 'react-big-calendar/lib/Calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import MonthModule from 'react-big-calendar/lib/Month';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import './booking.css';
import { clockTime, localizer } from './localizer';
import { externalSource, sourceName } from './text';

/**
 * react-big-calendar with its drag-and-drop addon (docs/product/client-area.md §2 "Booking calendar"): Month, Week
 * (from Monday, in 2-hour groups of half-hour slots) and Day views of floating dates
 * (./wallTime.ts), events in their space's colour, at most five a day in the month with
 * "+N more". The page draws its own toolbar.
 *
 * The calendar comes from the package's CommonJS modules, one by one, so that the addon and the
 * calendar share one copy of the code they both use (the package's ES build has no addon). A
 * bundler may hand such a module's default export over as the module itself (Vite 8 does), hence
 * `interop`.
 */

/** A CommonJS module's default export, whether the bundler gives the export or the module. */
function interop<T>(module: T): T {
  return (module as { default?: T }).default ?? module;
}

/** One occurrence on the calendar: floating start and end, and the occurrence itself. */
export interface CalendarEvent {
  /** The booking's id and the occurrence's original start. */
  key: string;
  title: string;
  start: Date;
  end: Date;
  occurrence: BookingOccurrence;
}

export type CalendarView = Extract<View, 'month' | 'week' | 'day'>;

/** Events a month cell shows, and one row more for "+N more". */
export const EVENTS_PER_DAY = 5;

const Month = interop(MonthModule);

/** The month view, showing at most {@link EVENTS_PER_DAY} events a day however tall its cells are. */
class FiveEventMonth extends Month {
  override measureRowLimit() {
    const measured = this.slotRowRef.current?.getRowLimit() ?? Number.NaN;
    const limit = EVENTS_PER_DAY + 1;
    this.setState({
      needLimitMeasure: false,
      rowLimit: Number.isFinite(measured) ? Math.min(measured, limit) : limit,
    });
  }
}

const DragAndDropCalendar = interop(withDragAndDropModule)<CalendarEvent>(interop(CalendarModule));

const views: CalendarProps<CalendarEvent>['views'] = {
  month: FiveEventMonth as unknown as true,
  week: true,
  day: true,
};

/** Black or white, whichever reads better on a colour `#RRGGBB`. */
export function textColourOn(background: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}

/**
 * What an event says in its tooltip, and to a screen reader in the month: its times, title and
 * space, and its notes. An event is a button (the week and day draw it as one; in the month its
 * text is): Enter or Space opens it as a click does, the context-menu key its menu.
 */
const describe = (event: CalendarEvent) =>
  `${clockTime(event.start)} – ${clockTime(event.end)} ${event.title} (${event.occurrence.space.title})${notes(event)}`;

/**
 * After the title: where it was made when that is a linked calendar (' · From Google Calendar'),
 * and what happened at the room's screen (' · Checked in', ' · Released'). Said in words, not
 * only by the event's look, so that no legend is needed.
 */
function notes(event: CalendarEvent): string {
  const source = externalSource(event.occurrence);
  return (
    (source ? ` · From ${sourceName(source)} Calendar` : '') +
    (event.occurrence.check_in ? ` · ${event.occurrence.check_in}` : '')
  );
}

/** The event in the month: its start time and title. */
function MonthEvent({ event }: EventProps<CalendarEvent>) {
  return (
    <span data-event-key={event.key} role="button" tabIndex={0} aria-label={describe(event)}>
      {clockTime(event.start)} {event.title}
      {notes(event)}
    </span>
  );
}

/** The event in the week and day: its title (the calendar writes the time range above it). */
function TimeEvent({ event }: EventProps<CalendarEvent>) {
  return (
    <span data-event-key={event.key}>
      {event.title}
      {notes(event)}
    </span>
  );
}

const components: Components<CalendarEvent> = {
  event: TimeEvent,
  month: { event: MonthEvent },
};

export function BookingCalendar({
  events,
  view,
  date,
  getNow,
  selectedKey,
  onView,
  onNavigate,
  onSelect,
  onDoubleClickSlot,
  onMove,
  canMove,
  onContextMenu,
}: {
  events: CalendarEvent[];
  view: CalendarView;
  date: Date;
  /** Now in the venue, as a floating date. */
  getNow: () => Date;
  selectedKey: string | null;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  onSelect: (event: CalendarEvent) => void;
  /** A slot was double-clicked (absent: slots do nothing). */
  onDoubleClickSlot?: (start: Date) => void;
  /** An event was dragged or resized to new times. */
  onMove: (event: CalendarEvent, start: Date, end: Date) => void;
  canMove: (event: CalendarEvent) => boolean;
  /** An event was right-clicked, at this point of the window. */
  onContextMenu: (event: CalendarEvent, at: { x: number; y: number }) => void;
}) {
  const selected = useMemo(
    () => events.find((event) => event.key === selectedKey) ?? null,
    [events, selectedKey],
  );
  const scrollToTime = useMemo(() => new Date(1970, 0, 1, 8), []);

  const eventProps = useCallback((event: CalendarEvent, _start: Date, _end: Date, isSelected: boolean) => {
    const colour = event.occurrence.space.calendar_color;
    const classes = [
      'spaces-event',
      isSelected && 'spaces-event-selected',
      event.occurrence.check_in === 'Released' && 'spaces-event-released',
      externalSource(event.occurrence) && 'spaces-event-external',
    ];
    return {
      className: classes.filter(Boolean).join(' '),
      // One from a linked calendar is outlined in the space's colour, striped with it (booking.css).
      style: externalSource(event.occurrence)
        ? ({ borderColor: colour, '--spaces-event-colour': colour } as CSSProperties)
        : { backgroundColor: colour, borderColor: colour, color: textColourOn(colour) },
    };
  }, []);

  const selectSlot = useCallback(
    (slot: SlotInfo) => {
      if (slot.action === 'doubleClick') onDoubleClickSlot?.(slot.start);
    },
    [onDoubleClickSlot],
  );

  const moved = useCallback(
    ({ event, start, end }: EventInteractionArgs<CalendarEvent>) =>
      onMove(event, new Date(start), new Date(end)),
    [onMove],
  );

  const pressed = useCallback(
    (event: CalendarEvent, key: SyntheticEvent<HTMLElement>) => {
      const pressedKey = (key as KeyboardEvent<HTMLElement>).key;
      if (pressedKey !== 'Enter' && pressedKey !== ' ') return;
      key.preventDefault();
      onSelect(event);
    },
    [onSelect],
  );

  const contextMenu = (mouse: ReactMouseEvent<HTMLDivElement>) => {
    const cell = (mouse.target as Element).closest('.rbc-event');
    const key = cell?.querySelector('[data-event-key]')?.getAttribute('data-event-key');
    const event = key ? events.find((candidate) => candidate.key === key) : undefined;
    if (!cell || !event) return;
    mouse.preventDefault();
    // From the keyboard the menu opens at the event.
    const box = cell.getBoundingClientRect();
    const at =
      mouse.clientX || mouse.clientY
        ? { x: mouse.clientX, y: mouse.clientY }
        : { x: box.left, y: box.bottom };
    onContextMenu(event, at);
  };

  return (
    <div className={`spaces-booking-calendar spaces-booking-${view}`} onContextMenu={contextMenu}>
      <DragAndDropCalendar
        localizer={localizer}
        events={events}
        views={views}
        view={view}
        date={date}
        onView={(next) => onView(next as CalendarView)}
        onNavigate={onNavigate}
        toolbar={false}
        getNow={getNow}
        step={30}
        timeslots={4}
        scrollToTime={scrollToTime}
        popup
        selected={selected}
        onSelectEvent={onSelect}
        selectable={onDoubleClickSlot ? true : false}
        onSelectSlot={selectSlot}
        tooltipAccessor={describe}
        onKeyPressEvent={pressed}
        eventPropGetter={eventProps}
        components={components}
        draggableAccessor={canMove}
        resizableAccessor={canMove}
        resizable
        onEventDrop={moved}
        onEventResize={moved}
      />
    </div>
  );
}
