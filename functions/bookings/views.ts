import type { Booking, BookingOccurrence } from '@shared/schemas/bookings';
import { applicableScopes, type ApplicableScope } from '@shared/schemas/event';
import type { DateWindow } from '@shared/recurrence';
import { allows, type ClientRole, type RolesAttr } from '@shared/roles';
import { seriesOccurrences, type Series, type SeriesOccurrence } from '@shared/series-edit';
import { actsOn, type AssignmentPermission } from '@shared/venues';
import { DAY_MS, parseLocalDate, wallTimeToInstant } from '@shared/wall-time';
import type { Places } from './store';
import type { BookingItem, BookingOccurrenceItem, SpaceItem, VenueItem } from '@core/table/entities';
import type { ClientPrincipal } from '@core/auth/principal';
import type { Scope } from '../venues';
import { fileUrl } from '@core/files/uploads';

/**
 * How bookings are read and shown: a booking item as the recurrence engine reads it
 * (shared/series-edit.ts `Series`), its occurrences in a window, what the caller sees and may
 * change, and the answers of shared/schemas/bookings.ts.
 */

/** A place of a booking or an occurrence. */
export interface Place {
  venue_id: string;
  space_id: string;
}

/**
 * What the caller sees and acts on (docs/architecture.md §5, shared/venues.ts `actsOn`): an Account Admin
 * everything; a Viewer sees everything and acts on nothing; a Venue Manager the venues they are
 * assigned to, an Event Coordinator the spaces, each acting where Approved.
 */
export interface Access {
  role: ClientRole;
  rolesAttr: RolesAttr;
  all: boolean;
  venues: Map<string, AssignmentPermission>;
  spaces: Map<string, AssignmentPermission>;
}

const seesAll = (role: ClientRole) => role === 'Account Admin' || role === 'Viewer';

/** The caller's access from their scope (functions/venues/scope.ts), for lists. */
export function accessFromScope(principal: ClientPrincipal, scope: Scope): Access {
  return {
    role: principal.role,
    rolesAttr: principal.rolesAttr,
    all: seesAll(principal.role),
    venues: scope.venues,
    spaces: new Map([...scope.spaces].map(([id, { permission }]) => [id, permission])),
  };
}

/** The keys of the caller's assignments to read with a booking's places (./booking-changes `readPlaces`). */
export function assignmentsOf(principal: ClientPrincipal): { managerId?: string; coordinatorId?: string } {
  if (principal.role === 'Venue Manager') return { managerId: principal.userId };
  if (principal.role === 'Event Coordinator') return { coordinatorId: principal.userId };
  return {};
}

/** The caller's access from their assignments read with the places, for one booking. */
export function accessFromPlaces(principal: ClientPrincipal, places: Places): Access {
  return {
    role: principal.role,
    rolesAttr: principal.rolesAttr,
    all: seesAll(principal.role),
    venues: new Map([...places.managers].map(([id, item]) => [id, item.permission])),
    spaces: new Map([...places.coordinators].map(([id, item]) => [id, item.permission])),
  };
}

/** Whether the caller sees a place's bookings. */
export function sees(access: Access, place: Place): boolean {
  return access.all || access.venues.has(place.venue_id) || access.spaces.has(place.space_id);
}

/** Whether the caller may book, change or delete at a place (their role's flags aside). */
export function actsAt(access: Access, place: Place): boolean {
  const assignment =
    access.role === 'Venue Manager'
      ? access.venues.get(place.venue_id)
      : access.role === 'Event Coordinator'
        ? access.spaces.get(place.space_id)
        : undefined;
  return actsOn(access.role, assignment);
}

/**
 * `editPermission` and `deletePermission` of a booking at these places; an event read from a
 * linked calendar (`source`) is changed there, never here.
 */
function permissionsAt(access: Access, booking: Place & Pick<BookingItem, 'source'>, ...places: Place[]) {
  const acts = !booking.source && [booking, ...places].every((place) => actsAt(access, place));
  return {
    editPermission: acts && allows(access.rolesAttr, 'events.permission.edit'),
    deletePermission: acts && allows(access.rolesAttr, 'events.permission.delete'),
  };
}

/**
 * The occurrences a change or delete at `target` covers: THIS the one, FOLLOWING it and the later
 * ones, ALL every one, changed on their own or not (a single event is its one occurrence).
 */
export function coveredBy(
  occurrences: readonly SeriesOccurrence[],
  booking: Pick<BookingItem, 'recurring'>,
  scope: ApplicableScope,
  target: string,
): SeriesOccurrence[] {
  if (scope === 'ALL' || booking.recurring === 'No') return [...occurrences];
  return occurrences.filter((occurrence) =>
    scope === 'THIS' ? occurrence.recurrence_id === target : occurrence.recurrence_id >= target,
  );
}

/**
 * Whether a change or delete that covers these occurrences is the caller's: each sits where they
 * act (a move also needs the place it goes to). The API refuses the others whole.
 */
export const actsOnEvery = (access: Access, covered: readonly SeriesOccurrence[]) =>
  covered.length > 0 &&
  covered.every((occurrence) => actsAt(access, { venue_id: occurrence.venue, space_id: occurrence.space }));

/** The scopes the caller may change or delete the occurrence `target` with. */
export function scopesAt(
  access: Access,
  booking: BookingItem,
  occurrences: readonly SeriesOccurrence[],
  target: string,
): ApplicableScope[] {
  if (booking.source) return [];
  return applicableScopes.filter((scope) =>
    actsOnEvery(access, coveredBy(occurrences, booking, scope, target)),
  );
}

/** A booking as the recurrence engine reads it. */
export function seriesOf(item: BookingItem): Series {
  const recurEnd = item.recur_end_type === 'AFTER' ? Number(item.recur_end) : item.recur_end;
  const series: Series = {
    id: item.booking_id,
    venue: item.venue_id,
    space: item.space_id,
    title: item.title,
    invites_list: item.invites_list,
    start_date: item.start_date,
    end_date: item.end_date,
    timezone: item.timezone,
    recurring: item.recurring,
    exdates: item.exdates,
  };
  if (item.description !== undefined) series.description = item.description;
  if (item.recurring === 'Yes') {
    Object.assign(series, {
      recur_interval: item.recur_interval,
      recur_type: item.recur_type,
      recur_end_type: item.recur_end_type,
      recur_end: recurEnd,
    });
    if (item.recur_on !== undefined) series.recur_on = item.recur_on;
  }
  return series;
}

/** An occurrence changed on its own, as the recurrence engine reads it. */
export function changedOf(item: BookingOccurrenceItem): SeriesOccurrence {
  const occurrence: SeriesOccurrence = {
    series_id: item.booking_id,
    recurrence_id: item.recurrence_id,
    venue: item.venue_id,
    space: item.space_id,
    title: item.title,
    invites_list: item.invites_list,
    start_date: item.start_date,
    end_date: item.end_date,
    start_utc: item.start_at,
    end_utc: item.end_at,
    detached: true,
  };
  if (item.description !== undefined) occurrence.description = item.description;
  return occurrence;
}

/** A window of local dates in a zone (`to` open when missing). */
export type DatesFrom = DateWindow & { from: string };

/** Local dates `from`…`to` (both included) of a zone as instants [from, to) in epoch ms. */
function instantsOf(window: DatesFrom, zone: string): { from: number; to: number } {
  return {
    from: wallTimeToInstant(parseLocalDate(window.from)!, zone),
    to: window.to === undefined ? Infinity : wallTimeToInstant(parseLocalDate(window.to)! + DAY_MS, zone),
  };
}

const overlapsInstants = (occurrence: SeriesOccurrence, from: number, to: number) =>
  Date.parse(occurrence.start_utc) < to && Date.parse(occurrence.end_utc) > from;

/**
 * A booking's occurrences that overlap a window of local dates in the booking's zone (its venue's
 * when it was saved): its regular ones, expanded, and those changed on their own.
 */
export function occurrencesIn(
  booking: BookingItem,
  changed: readonly BookingOccurrenceItem[],
  window: DatesFrom,
): SeriesOccurrence[] {
  const regular = seriesOccurrences(seriesOf(booking), window);
  const { from, to } = instantsOf(window, booking.timezone);
  const own = changed.map(changedOf).filter((occurrence) => overlapsInstants(occurrence, from, to));
  return [...regular, ...own];
}

/** The venues, spaces and space photos the answers name. */
interface Lookup {
  venues: Map<string, VenueItem>;
  spaces: Map<string, SpaceItem>;
  photos: Map<string, string | null>;
}

/** The lookup of places read, with each space's photo URL made once. */
export async function lookupOf(places: Pick<Places, 'venues' | 'spaces'>): Promise<Lookup> {
  const photos = new Map(
    await Promise.all(
      [...places.spaces.values()].map(
        async (space) => [space.space_id, await fileUrl(space.photo_uri)] as const,
      ),
    ),
  );
  return { venues: places.venues, spaces: places.spaces, photos };
}

function placeOf(lookup: Lookup, venueId: string, spaceId: string, zone: string) {
  const venue = lookup.venues.get(venueId);
  const space = lookup.spaces.get(spaceId);
  return {
    venue: { id: venueId, name: venue?.name ?? '', timezone: zone },
    space: {
      id: spaceId,
      title: space?.title ?? '',
      calendar_color: space?.calendar_color ?? '',
      photo_url: lookup.photos.get(spaceId) ?? null,
    },
  };
}

function ruleOf(booking: BookingItem) {
  const end = booking.recur_end;
  return {
    recurring: booking.recurring,
    recur_interval: booking.recur_interval ?? null,
    recur_type: booking.recur_type ?? null,
    recur_on: booking.recur_on ?? null,
    recur_end_type: booking.recur_end_type ?? null,
    recur_end: end === undefined ? null : booking.recur_end_type === 'AFTER' ? Number(end) : end,
  };
}

const invitesOf = (invites: ReadonlyArray<{ name?: string; email: string }>) =>
  invites.map((invite) => ({ name: invite.name ?? null, email: invite.email }));

const organizerOf = (booking: BookingItem) => ({ id: booking.organizer_id, name: booking.organizer_name });

/**
 * One occurrence as the lists answer it: the booking's rule and organizer, the occurrence's own
 * details (a changed one's may differ), its places, times local (in the booking's zone, which the
 * answer's `venue.timezone` names) and UTC.
 */
export function toOccurrence(
  booking: BookingItem,
  occurrence: SeriesOccurrence,
  lookup: Lookup,
  access: Access,
  checkIn: BookingOccurrence['check_in'] = null,
): BookingOccurrence {
  const place = { venue_id: occurrence.venue, space_id: occurrence.space };
  return {
    id: booking.booking_id,
    occurrence_start: occurrence.recurrence_id,
    detached: occurrence.detached,
    title: occurrence.title,
    description: occurrence.description ?? null,
    ...placeOf(lookup, occurrence.venue, occurrence.space, booking.timezone),
    start_date: occurrence.start_date,
    end_date: occurrence.end_date,
    start_at: occurrence.start_utc,
    end_at: occurrence.end_utc,
    ...ruleOf(booking),
    invites_list: invitesOf(occurrence.invites_list),
    organizer: organizerOf(booking),
    check_in: checkIn,
    source: booking.source ?? 'spaces',
    // Changed or deleted on its own (THIS) where it is: ./service.ts `assertActsOnCovered`.
    ...permissionsAt(access, { ...place, source: booking.source }),
  };
}

/** A booking with its rule, and one of its occurrences when asked for. */
export function toBooking(
  booking: BookingItem,
  occurrence: BookingOccurrence | null,
  lookup: Lookup,
  access: Access,
): Booking {
  return {
    id: booking.booking_id,
    title: booking.title,
    description: booking.description ?? null,
    ...placeOf(lookup, booking.venue_id, booking.space_id, booking.timezone),
    start_date: booking.start_date,
    end_date: booking.end_date,
    ...ruleOf(booking),
    exdates: booking.exdates,
    invites_list: invitesOf(booking.invites_list),
    organizer: organizerOf(booking),
    occurrence,
    source: booking.source ?? 'spaces',
    created_at: booking.created_at,
    updated_at: booking.updated_at,
    ...permissionsAt(access, booking),
  };
}

/** Earliest first; ties by end, then booking and original start, so lists are stable. */
export function byStart(a: BookingOccurrence, b: BookingOccurrence): number {
  return (
    a.start_at.localeCompare(b.start_at) ||
    a.end_at.localeCompare(b.end_at) ||
    a.id.localeCompare(b.id) ||
    a.occurrence_start.localeCompare(b.occurrence_start)
  );
}
