import type { ApplicableScope } from '@shared/schemas/event';
import type { BookingItem, BookingOccurrenceItem, SpaceItem, VenueItem } from '@core/table/entities';

/** A booking (one series, one iCalendar UID) and its occurrences changed on their own. */
export interface BookingState {
  booking: BookingItem;
  occurrences: BookingOccurrenceItem[];
}

/**
 * A committed change of one booking, for its invitations (./invitations.ts `sendInvitations`):
 * the booking as it was and as it is. A FOLLOWING change comes as two: the booking it ends sooner
 * (`changed`, or `cancelled` for a delete) and the booking that continues it (`created`).
 *
 * - `created`: a new booking (or the series a FOLLOWING change starts); no `before`.
 * - `changed`: THIS (`occurrenceStart` names the occurrence changed on its own), FOLLOWING (the
 *   booking now ends before `occurrenceStart`) or ALL.
 * - `cancelled`: THIS (the occurrence at `occurrenceStart`), FOLLOWING (that one and the later
 *   ones), or ALL (no `after`: the booking is deleted).
 */
export interface BookingChange {
  kind: 'created' | 'changed' | 'cancelled';
  accountId: string;
  /** The booking before the change; none for a new one. */
  before?: BookingState;
  /** The booking after the change; none when it was deleted whole. */
  after?: BookingState;
  scope?: ApplicableScope;
  /** The original start (RECURRENCE-ID) of the occurrence a THIS or FOLLOWING change was made on. */
  occurrenceStart?: string;
  /** Where the booking is: its venue and space. */
  venue: VenueItem;
  space: SpaceItem;
  /** The places read for the change, by id: where an occurrence moved on its own is. */
  places?: {
    venues: ReadonlyMap<string, Pick<VenueItem, 'name'>>;
    spaces: ReadonlyMap<string, Pick<SpaceItem, 'title'>>;
  };
  organizer: { id: string; name: string; email: string };
}
