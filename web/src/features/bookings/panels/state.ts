import type { BookingOccurrence } from '@shared/schemas/bookings';
import type { Access } from '../../venues/access';

/**
 * The side panels of the Events section (docs/product/client-area.md §2 "Event form", "Event details panel", §4):
 * closed; an occurrence's details; the form for a new event (at a start and end, wall times of the
 * venue) or for an occurrence (at new times after a drag or resize); a booking named by id (from the
 * URL), read first and then edited; the question before deleting an occurrence from its menu.
 */
export type EventPanel =
  | { kind: 'closed' }
  | { kind: 'details'; occurrence: BookingOccurrence }
  | { kind: 'add'; venue: string | null; space: string | null; start: string; end: string }
  | {
      kind: 'edit';
      occurrence: BookingOccurrence;
      /** New times from a drag or resize. */
      moved?: { start: string; end: string };
      /** Opened from the details, which Cancel goes back to. */
      fromDetails?: boolean;
    }
  | { kind: 'by-id'; id: string; occurrenceStart: string | null }
  | { kind: 'delete-this'; occurrence: BookingOccurrence };

export const closedPanel: EventPanel = { kind: 'closed' };

/** The key of an occurrence on the calendar: its booking and original start. */
export const occurrenceKey = (occurrence: Pick<BookingOccurrence, 'id' | 'occurrence_start'>) =>
  `${occurrence.id}|${occurrence.occurrence_start}`;

/** What the panels of the Events section are given by the page. */
export interface EventPanelProps {
  access: Access;
  panel: EventPanel;
  setPanel: (next: EventPanel) => void;
  /** Closes the panel (and leaves a URL that opened it). */
  close: () => void;
  /** Shows a booking opened by id on the calendar: its venue and day. */
  show: (occurrence: Pick<BookingOccurrence, 'venue' | 'start_date'>) => void;
}
