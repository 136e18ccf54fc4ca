import type { BookingSource } from '@shared/schemas/bookings';
import type { Space } from '@shared/schemas/venues';
import { seriesOccurrences } from '@shared/series-edit';
import { DAY_MS, formatWallTime, instantToLocalDate, instantToWallTime } from '@shared/wall-time';
import { bookingsTouching, type BookingScope } from './lookup-store';
import { accountOccurrenceStates } from './occurrence-state-store';
import type { BookingItem, BookingOccurrenceItem } from '@core/table/entities';
import { seriesOf } from './views';

/**
 * What a space card shows of a space's bookings (docs/product/client-area.md §2 "Space card", §3 Space): whether
 * an occurrence of the space is on now (`availability` 'Busy', else 'Available') and its next
 * occurrences (`next_schedule`), in the venue's wall time. Read with the spaces: one Query of the
 * bookings that touch the next {@link SCHEDULE_DAYS} days, for every listed space at once,
 * expanded in memory and grouped by space (docs/data-model.md, patterns 39–41), and one of the
 * account's occurrence states of the last day (pattern 62): an occurrence released for a no-show
 * leaves its room Available.
 */
export type SpaceSchedule = Pick<Space, 'availability' | 'next_schedule'>;

/** How far ahead a space's next occurrences are looked for. */
const SCHEDULE_DAYS = 31;
/** How many next occurrences a space lists. */
const NEXT_SCHEDULE_SIZE = 3;

/** A space with no booking ahead: what a new space answers. */
export const freeSchedule: SpaceSchedule = { availability: 'Available', next_schedule: [] };

/** One occurrence of a space, by its instants (epoch ms). */
interface Slot {
  /** Its booking's id. */
  booking: string;
  start: number;
  end: number;
  title: string;
  /** The zone its booking was saved in. */
  zone: string;
}

/** The local date (`YYYY-MM-DD`) of an instant in a zone. */

/** The booking's regular occurrences that have not ended by `now` and start before `until`. */
function expand(booking: BookingItem, now: number, until: number): Slot[] {
  const window = {
    from: instantToLocalDate(now, booking.timezone),
    to: instantToLocalDate(until, booking.timezone),
  };
  return seriesOccurrences(seriesOf(booking), window)
    .map((occurrence) => ({
      booking: booking.booking_id,
      start: Date.parse(occurrence.start_utc),
      end: Date.parse(occurrence.end_utc),
      title: booking.title,
      zone: booking.timezone,
    }))
    .filter((slot) => slot.end > now && slot.start < until);
}

/** How far a booking is expanded first: a daily series shows its next ones within it. */
const FIRST_LOOK_MS = 7 * DAY_MS;

/**
 * The booking's occurrences on at `now` and enough of its next ones: a week ahead first, the whole
 * horizon only when the week holds fewer than a space lists.
 */
function slotsOf(booking: BookingItem, now: number, until: number): Slot[] {
  const firstLook = Math.min(until, now + FIRST_LOOK_MS);
  const slots = expand(booking, now, firstLook);
  const ahead = slots.filter((slot) => slot.start > now).length;
  return ahead >= NEXT_SCHEDULE_SIZE || firstLook === until ? slots : expand(booking, now, until);
}

/** An occurrence changed on its own, under its own times and title. */
const slotOfChanged = (occurrence: BookingOccurrenceItem): Slot => ({
  booking: occurrence.booking_id,
  start: Date.parse(occurrence.start_at),
  end: Date.parse(occurrence.end_at),
  title: occurrence.title,
  zone: occurrence.timezone,
});

const soonestFirst = (a: Slot, b: Slot) =>
  a.start - b.start || a.end - b.end || a.title.localeCompare(b.title);

/** A wall time of `zone` on the wire (`YYYY-MM-DD HH:mm:ss`). */
const wallTimeIn = (instant: number, zone: string) => formatWallTime(instantToWallTime(instant, zone));

/**
 * The schedules of the spaces of a scope at `now`: one read (a Query of the scope's index by end,
 * `bookingsTouching`), then per space on demand — a booking is expanded only when its space is
 * asked for. The answer gives a space's schedule with times in `zone`, its venue's time zone
 * (without one, each in the zone its booking was saved in).
 */
export async function readSchedules(
  scope: BookingScope,
  now = Date.now(),
): Promise<(spaceId: string, zone: string | undefined) => SpaceSchedule> {
  const until = now + SCHEDULE_DAYS * DAY_MS;
  const [found, states] = await Promise.all([
    bookingsTouching(scope, { from: new Date(now).toISOString(), to: new Date(until).toISOString() }),
    // Occurrences under way that were released for a no-show: they no longer hold their room.
    accountOccurrenceStates(
      scope.accountId,
      new Date(now - DAY_MS).toISOString(),
      new Date(now).toISOString(),
    ),
  ]);
  const released = new Set(
    states.filter((state) => state.released_at).map((s) => `${s.booking_id}#${Date.parse(s.start_utc)}`),
  );
  const bySpace = new Map<string, { bookings: BookingItem[]; changed: BookingOccurrenceItem[] }>();
  const entry = (spaceId: string) => {
    let items = bySpace.get(spaceId);
    if (!items) bySpace.set(spaceId, (items = { bookings: [], changed: [] }));
    return items;
  };
  for (const booking of found.bookings) entry(booking.space_id).bookings.push(booking);
  for (const occurrence of found.occurrences) entry(occurrence.space_id).changed.push(occurrence);

  return (spaceId, zone) => {
    const items = bySpace.get(spaceId);
    if (!items) return freeSchedule;
    const slots = [
      ...items.bookings.flatMap((booking) => slotsOf(booking, now, until)),
      ...items.changed.map(slotOfChanged).filter((slot) => slot.end > now && slot.start < until),
    ]
      .filter((slot) => !released.has(`${slot.booking}#${slot.start}`))
      .sort(soonestFirst);
    return {
      availability: slots.some((slot) => slot.start <= now) ? 'Busy' : 'Available',
      next_schedule: slots
        .filter((slot) => slot.start > now)
        .slice(0, NEXT_SCHEDULE_SIZE)
        .map((slot) => ({
          start_date: wallTimeIn(slot.start, zone ?? slot.zone),
          end_date: wallTimeIn(slot.end, zone ?? slot.zone),
          title: slot.title,
        })),
    };
  };
}

/** One occurrence of a space, as a room display lists it (no organizer, no invitees). */
export interface SpaceOccurrence {
  booking_id: string;
  /** The occurrence's original local start (RECURRENCE-ID), for check-in. */
  recurrence_id: string;
  title: string;
  start_utc: string;
  end_utc: string;
  /** Who made the booking: for the mails of jobs, never for a display. */
  organizer: { name: string; email: string };
  /** Where it was made: in Spaces, or in the space's linked calendar. */
  source: BookingSource;
}

/**
 * The occurrences of one space that touch [from, to) (epoch ms), soonest first: one Query of the
 * space's index, its series expanded without the excluded dates, and its changed occurrences under
 * their own times.
 */
export async function spaceOccurrences(
  accountId: string,
  spaceId: string,
  from: number,
  to: number,
): Promise<SpaceOccurrence[]> {
  const found = await bookingsTouching(
    { accountId, spaceId },
    { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
  );
  const regular = found.bookings.flatMap((booking) =>
    seriesOccurrences(seriesOf(booking), {
      from: instantToLocalDate(from, booking.timezone),
      to: instantToLocalDate(to, booking.timezone),
    }).map((occurrence) => ({
      booking_id: booking.booking_id,
      recurrence_id: occurrence.recurrence_id,
      title: booking.title,
      start_utc: occurrence.start_utc,
      end_utc: occurrence.end_utc,
      organizer: { name: booking.organizer_name, email: booking.organizer_email },
      source: booking.source ?? ('spaces' as const),
    })),
  );
  const organizers = new Map(
    found.bookings.map((b) => [b.booking_id, { name: b.organizer_name, email: b.organizer_email }]),
  );
  const changed = found.occurrences.map((occurrence) => ({
    booking_id: occurrence.booking_id,
    recurrence_id: occurrence.recurrence_id,
    title: occurrence.title,
    start_utc: occurrence.start_at,
    end_utc: occurrence.end_at,
    organizer: organizers.get(occurrence.booking_id) ?? { name: '', email: '' },
    source: 'spaces' as const,
  }));
  return [...regular, ...changed]
    .map((o) => ({
      ...o,
      start_utc: new Date(o.start_utc).toISOString(),
      end_utc: new Date(o.end_utc).toISOString(),
    }))
    .filter((o) => Date.parse(o.end_utc) > from && Date.parse(o.start_utc) < to)
    .sort((a, b) => a.start_utc.localeCompare(b.start_utc) || a.title.localeCompare(b.title));
}
