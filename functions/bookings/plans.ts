import { availabilityErrors } from '@shared/availability';
import { findConflicts } from '@shared/conflicts';
import { expandOccurrences } from '@shared/recurrence';
import {
  seriesOccurrences,
  type EditPlan,
  type OccurrenceKey,
  type Series,
  type SeriesOccurrence,
  type SeriesState,
} from '@shared/series-edit';
import { instantToLocalDate } from '@shared/wall-time';
import type { BookingWrite } from './store';
import { bookingsTouching, getBookingState } from './lookup-store';
import { releasedOccurrences } from './occurrence-state-store';
import type { BookingItem, BookingOccurrenceItem, SpaceItem } from '@core/table/entities';
import { Conflict, Invalid } from '@core/errors';
import { changedOf, seriesOf } from './views';

/**
 * How a planned change of a booking (shared/series-edit.ts `planEdit` / `planDelete`) is stored
 * and checked. Occurrences are expanded when read, so only series and occurrences changed on their
 * own are items: a plan's regular occurrences are not written. The time a change newly occupies
 * must be within the space's hours and free of every other occurrence of the space.
 */

const keyText = (key: OccurrenceKey) => `${key.series_id}\u0000${key.recurrence_id}`;

/** A booking and its changed occurrences as the planners read them. */
export function stateOf(booking: BookingItem, changed: readonly BookingOccurrenceItem[]): SeriesState {
  return { series: seriesOf(booking), detached: changed.map(changedOf) };
}

/** A booking after a change: what remains, and what is written. */
interface Outcome {
  /** The series of the booking after the change (the booking itself unless deleted, and any new one). */
  series: Series[];
  /** Series deleted. */
  deleted: string[];
  /** Every occurrence changed on its own after the change. */
  detached: SeriesOccurrence[];
  /** Changed occurrences written, and stored ones deleted. */
  putDetached: SeriesOccurrence[];
  deleteDetached: OccurrenceKey[];
}

/**
 * The outcome of a plan on a state. The booking's own series is kept written (it carries the
 * iCalendar SEQUENCE and the condition that serializes changes of one booking) unless deleted.
 * Regular occurrences of the plan are left out; a stored changed occurrence that the plan replaces
 * with a regular one, or deletes, is deleted.
 */
export function applyPlan(state: SeriesState, plan: EditPlan): Outcome {
  const deleted = plan.series.delete;
  const updated = new Map(plan.series.update.map((series) => [series.id, series]));
  const series = [
    ...(deleted.includes(state.series.id) ? [] : [updated.get(state.series.id) ?? state.series]),
    ...plan.series.create,
  ];
  const stored = new Map(state.detached.map((item) => [keyText(item), item]));
  const after = new Map(stored);
  const putDetached: SeriesOccurrence[] = [];
  const deleteDetached: OccurrenceKey[] = [];
  const drop = (key: OccurrenceKey) => {
    after.delete(keyText(key));
    if (stored.has(keyText(key)))
      deleteDetached.push({ series_id: key.series_id, recurrence_id: key.recurrence_id });
  };
  for (const key of plan.occurrences.delete) drop(key);
  for (const item of [...plan.occurrences.create, ...plan.occurrences.update]) {
    if (!item.detached) {
      drop(item);
      continue;
    }
    after.set(keyText(item), item);
    putDetached.push(item);
  }
  return { series, deleted, detached: [...after.values()], putDetached, deleteDetached };
}

/** Every occurrence of a booking's series and changed occurrences, regular and changed alike. */
export function occupancy(
  series: readonly Series[],
  detached: readonly SeriesOccurrence[],
): SeriesOccurrence[] {
  return [...series.flatMap((item) => seriesOccurrences(item)), ...detached];
}

const slotText = (occurrence: SeriesOccurrence) =>
  `${occurrence.space}\u0000${Date.parse(occurrence.start_utc)}\u0000${Date.parse(occurrence.end_utc)}`;

/** The occurrences of `after` whose time at their space `before` did not hold (counted as a multiset). */
export function newlyOccupied(
  before: readonly SeriesOccurrence[],
  after: readonly SeriesOccurrence[],
): SeriesOccurrence[] {
  const held = new Map<string, number>();
  for (const occurrence of before) held.set(slotText(occurrence), (held.get(slotText(occurrence)) ?? 0) + 1);
  return after.filter((occurrence) => {
    const count = held.get(slotText(occurrence)) ?? 0;
    if (count === 0) return true;
    held.set(slotText(occurrence), count - 1);
    return false;
  });
}

/**
 * The instants a series spans, its changed occurrences included: the first start and the last end
 * (its index entries, so a window that meets any of its occurrences finds it).
 */
function spanOf(
  series: Series,
  occurrences: readonly SeriesOccurrence[],
): { start_at: string; end_at: string } {
  const own = occurrences.filter((occurrence) => occurrence.series_id === series.id);
  const times = own.length ? own : expandOccurrences({ ...series, recurring: 'No' });
  let start = Infinity;
  let end = -Infinity;
  let start_at = '';
  let end_at = '';
  for (const occurrence of times) {
    const from = Date.parse(occurrence.start_utc);
    const to = Date.parse(occurrence.end_utc);
    if (from < start) [start, start_at] = [from, occurrence.start_utc];
    if (to > end) [end, end_at] = [to, occurrence.end_utc];
  }
  return { start_at, end_at };
}

/** 422 under `start_date` / `end_date` when an occurrence is outside the space's hours. */
export function assertWithinHours(space: SpaceItem, occurrences: readonly SeriesOccurrence[]): void {
  const errors: Record<string, string> = {};
  for (const occurrence of occurrences) {
    for (const [field, message] of Object.entries(availabilityErrors(occurrence, space)))
      errors[field] ??= message;
    if (errors.start_date && errors.end_date) break;
  }
  if (Object.keys(errors).length) throw new Invalid(errors);
}

/** `2026-03-30 09:00`: a wire date-time without its seconds. */
const shortWallTime = (text: string) => text.slice(0, 16);

/** The 409 naming the occurrence a change would clash with, at its local times. */
function clash(occurrence: { title: string; start_date: string; end_date: string }): Conflict {
  return new Conflict(
    `${occurrence.title} is already booked from ${shortWallTime(occurrence.start_date)} to ${shortWallTime(occurrence.end_date)}`,
  );
}

/**
 * Checks that `candidates` (occurrences of one space that a change newly occupies) overlap no
 * other occurrence of that space, half-open: one Query of the space's bookings from the first
 * candidate's start to the last one's end (pattern 40), expanded there. `own` names the bookings
 * being changed, whose occurrences after the change (`ownAfter`) replace what the Query found of
 * them. The index may not show the latest writes yet: the bookings the space names as written in
 * the last minute (`recent`) are read by key, strongly consistent, in place of what the Query
 * found of them (pattern 42). Throws a 409 naming the first clash.
 */
export async function assertFree(
  accountId: string,
  spaceId: string,
  candidates: readonly SeriesOccurrence[],
  own: { ids: ReadonlySet<string>; after: readonly SeriesOccurrence[] },
  recent: readonly string[] = [],
): Promise<void> {
  if (!candidates.length) return;
  let from = Infinity;
  let to = -Infinity;
  for (const occurrence of candidates) {
    from = Math.min(from, Date.parse(occurrence.start_utc));
    to = Math.max(to, Date.parse(occurrence.end_utc));
  }
  const byKey = [...new Set(recent)].filter((id) => !own.ids.has(id));
  const [indexed, released, ...states] = await Promise.all([
    bookingsTouching(
      { accountId, spaceId },
      { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    ),
    releasedOccurrences(accountId, spaceId, from, to),
    ...byKey.map((id) => getBookingState(accountId, id)),
  ]);
  const read = new Set(byKey);
  const found = {
    bookings: [
      ...indexed.bookings.filter((item) => !read.has(item.booking_id)),
      ...states.flatMap(({ booking }) => (booking?.space_id === spaceId ? [booking] : [])),
    ],
    occurrences: [
      ...indexed.occurrences.filter((item) => !read.has(item.booking_id)),
      ...states.flatMap(({ occurrences }) => occurrences.filter((item) => item.space_id === spaceId)),
    ],
  };
  const existing: SeriesOccurrence[] = [];
  for (const booking of found.bookings) {
    if (own.ids.has(booking.booking_id)) continue;
    const zone = booking.timezone;
    existing.push(
      ...seriesOccurrences(seriesOf(booking), {
        from: instantToLocalDate(from, zone),
        to: instantToLocalDate(to, zone),
      }),
    );
  }
  for (const item of found.occurrences) if (!own.ids.has(item.booking_id)) existing.push(changedOf(item));
  const candidateSet = new Set(candidates);
  // An occurrence released for a no-show holds the room no longer.
  const holding = existing.filter((o) => !released.has(`${o.series_id}#${Date.parse(o.start_utc)}`));
  holding.push(
    ...own.after.filter((occurrence) => occurrence.space === spaceId && !candidateSet.has(occurrence)),
  );
  const first = [
    ...findConflicts(candidates, holding),
    ...findConflicts(candidates, candidates).filter(
      ({ occurrence, booking }) => keyText(occurrence) < keyText(booking),
    ),
  ].sort((a, b) => Date.parse(a.occurrence.start_utc) - Date.parse(b.occurrence.start_utc))[0];
  if (first) throw clash(first.booking);
}

/** What a write keeps of a booking it replaces, and what it takes from the change. */
export interface ItemBase {
  accountId: string;
  organizer: Pick<BookingItem, 'organizer_id' | 'organizer_name' | 'organizer_email'>;
  now: string;
}

/** What the writes of a change keep of the booking: its account and organizer. */
export const baseOf = (booking: BookingItem): ItemBase => ({
  accountId: booking.account_id,
  organizer: {
    organizer_id: booking.organizer_id,
    organizer_name: booking.organizer_name,
    organizer_email: booking.organizer_email,
  },
  now: new Date().toISOString(),
});

export function bookingItem(
  series: Series,
  occurrences: readonly SeriesOccurrence[],
  base: ItemBase,
  previous?: BookingItem,
): BookingItem {
  const item: BookingItem = {
    account_id: base.accountId,
    booking_id: series.id,
    venue_id: series.venue,
    space_id: series.space,
    title: series.title,
    start_date: series.start_date,
    end_date: series.end_date,
    timezone: series.timezone,
    recurring: series.recurring,
    exdates: series.exdates,
    invites_list: series.invites_list,
    ...spanOf(series, occurrences),
    ...base.organizer,
    sequence: previous ? previous.sequence + 1 : 0,
    created_at: previous?.created_at ?? base.now,
    updated_at: base.now,
  };
  if (series.description !== undefined) item.description = series.description;
  if (series.recurring === 'Yes') {
    item.recur_interval = series.recur_interval;
    item.recur_type = series.recur_type;
    item.recur_end_type = series.recur_end_type;
    if (series.recur_on !== undefined) item.recur_on = series.recur_on;
    if (series.recur_end !== undefined) item.recur_end = String(series.recur_end);
  }
  return item;
}

function occurrenceItem(
  occurrence: SeriesOccurrence,
  timezone: string,
  base: ItemBase,
): BookingOccurrenceItem {
  const item: BookingOccurrenceItem = {
    account_id: base.accountId,
    booking_id: occurrence.series_id,
    recurrence_id: occurrence.recurrence_id,
    venue_id: occurrence.venue,
    space_id: occurrence.space,
    title: occurrence.title,
    start_date: occurrence.start_date,
    end_date: occurrence.end_date,
    timezone,
    invites_list: occurrence.invites_list,
    start_at: occurrence.start_utc,
    end_at: occurrence.end_utc,
    created_at: base.now,
    updated_at: base.now,
  };
  if (occurrence.description !== undefined) item.description = occurrence.description;
  return item;
}

/** A booking after a change, as items: each series and the occurrences changed on their own. */
export interface Written {
  bookings: BookingItem[];
  occurrences: BookingOccurrenceItem[];
  write: Omit<BookingWrite, 'spaces' | 'assignment' | 'invitees'>;
}

export function written(
  outcome: Outcome,
  after: readonly SeriesOccurrence[],
  base: ItemBase,
  previous?: BookingItem,
  before: readonly SeriesOccurrence[] = [],
): Written {
  const bookings = outcome.series.map((series) =>
    bookingItem(series, after, base, series.id === previous?.booking_id ? previous : undefined),
  );
  const zoneOf = (seriesId: string) =>
    bookings.find((item) => item.booking_id === seriesId)?.timezone ?? previous?.timezone ?? 'UTC';
  const putKeys = new Set(outcome.putDetached);
  const occurrences = outcome.detached.map((occurrence) =>
    occurrenceItem(occurrence, zoneOf(occurrence.series_id), base),
  );
  return {
    bookings,
    occurrences,
    write: {
      put: bookings.map((item) => ({
        item,
        readSequence: item.booking_id === previous?.booking_id ? previous.sequence : undefined,
      })),
      delete: outcome.deleted.map((bookingId) => ({ bookingId, readSequence: previous!.sequence })),
      putOccurrences: occurrences.filter((_, index) => putKeys.has(outcome.detached[index]!)),
      deleteOccurrences: outcome.deleteDetached.map((key) => ({
        bookingId: key.series_id,
        recurrenceId: key.recurrence_id,
      })),
      shown: [...new Set([...before, ...after].map((occurrence) => occurrence.space))],
    },
  };
}
