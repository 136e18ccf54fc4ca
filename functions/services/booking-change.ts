import type { ApplicableScope } from '../../shared/schemas/event';
import type { BookingItem, BookingOccurrenceItem, SpaceItem, VenueItem } from '../data/entities';

/**
 * A committed change of a booking, for its invitations (./invitations.ts `sendInvitations`).
 *
 * - `created`: a new booking (or the series a FOLLOWING change starts).
 * - `changed`: `booking` as it is now, `previous` as it was. THIS: `occurrenceStart` names the
 *   occurrence changed on its own (in `occurrences`). FOLLOWING: `booking` now ends before
 *   `occurrenceStart`, and a `created` change follows for the series that continues it. ALL: the
 *   whole booking. Invitees of `previous` missing from `booking` are no longer invited.
 * - `cancelled`: THIS, the occurrence at `occurrenceStart` (now in `booking.exdates`); FOLLOWING,
 *   that one and the later ones (`booking` now ends before it); ALL, the whole booking (`booking`
 *   is the booking as it was).
 */
export interface BookingChange {
  kind: 'created' | 'changed' | 'cancelled';
  accountId: string;
  /** The booking (series) after the change; for a cancelled booking, as it was. */
  booking: BookingItem;
  /** Its occurrences changed on their own, as they are after the change. */
  occurrences: BookingOccurrenceItem[];
  /** The booking before the change. */
  previous?: BookingItem;
  scope?: ApplicableScope;
  /** The original start (RECURRENCE-ID) of the occurrence a THIS or FOLLOWING change was made on. */
  occurrenceStart?: string;
  venue: VenueItem;
  space: SpaceItem;
  organizer: { id: string; name: string; email: string };
}
