import ical, {
  escape,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { expandOccurrences, toRRule, type EventTiming } from '@shared/recurrence';
import { parseWallTime, wallTimeToInstant } from '@shared/wall-time';
import type { BookingItem, BookingOccurrenceItem } from '@core/table/entities';

/**
 * iCalendar documents of bookings (RFC 5545), built with ical-generator: the invitations e-mailed
 * to invitees (functions/bookings/invitations.ts, iTIP METHOD REQUEST / CANCEL) and each space's
 * subscription feed (functions/bookings/feeds.ts, METHOD PUBLISH). Times are written as the
 * venue's wall-clock times with its TZID, and the calendar carries that zone's VTIMEZONE.
 */

export { ICalCalendarMethod };

/** The UID of a booking in its invitations: the same in every message about it. */
const bookingUid = (bookingId: string) => `${bookingId}@spaces`;

/** `2026-01-05 09:00:00` → `20260105T090000` (an iCalendar local DATE-TIME). */
export function icalLocal(wallTime: string): string {
  return wallTime.replace(/[-:]/g, '').replace(' ', 'T');
}

/** The fields of a booking that place its occurrences in time, as the recurrence engine reads them. */
export function bookingTiming(booking: BookingItem): EventTiming {
  return {
    start_date: booking.start_date,
    end_date: booking.end_date,
    timezone: booking.timezone,
    recurring: booking.recurring,
    recur_interval: booking.recur_interval,
    recur_type: booking.recur_type,
    recur_on: booking.recur_on,
    recur_end_type: booking.recur_end_type,
    recur_end: booking.recur_end,
  };
}

/** A wall time of `zone` as the instant it names, in that zone (what ical-generator formats). */
function zoned(wallTime: string, zone: string): DateTime {
  const floating = parseWallTime(wallTime);
  if (floating === undefined) throw new RangeError(`Not a wall time: ${wallTime}`);
  return DateTime.fromMillis(wallTimeToInstant(floating, zone), { zone });
}

/** One VEVENT. Times are wall-clock times (`YYYY-MM-DD HH:mm:ss`) of `timezone`. */
export interface EventInput {
  uid: string;
  sequence: number;
  title: string;
  description?: string;
  location: string;
  timezone: string;
  start: string;
  end: string;
  /** RRULE value (shared/recurrence.ts `toRRule`), for a series. */
  rrule?: string;
  /** Original starts the series does not show (EXDATE). */
  exdates?: readonly string[];
  /** Original starts of overrides its rule does not make (RDATE), so that they are its instances. */
  rdates?: readonly string[];
  /** The original start of the one occurrence this VEVENT is (RECURRENCE-ID). */
  recurrenceId?: string;
  cancelled?: boolean;
  organizer?: { name: string; email: string };
  attendees?: ReadonlyArray<{ name?: string | null; email: string }>;
  created?: string;
  lastModified?: string;
}

/** Adds a VEVENT to a calendar. */
export function addEvent(calendar: ICalCalendar, input: EventInput): void {
  const { timezone } = input;
  const repeating = input.rrule
    ? [
        `RRULE:${input.rrule}`,
        ...(input.exdates?.length
          ? [`EXDATE;TZID=${timezone}:${input.exdates.map(icalLocal).join(',')}`]
          : []),
        ...(input.rdates?.length ? [`RDATE;TZID=${timezone}:${input.rdates.map(icalLocal).join(',')}`] : []),
      ].join('\n')
    : null;
  const event = calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    timezone,
    start: zoned(input.start, timezone),
    end: zoned(input.end, timezone),
    repeating,
    recurrenceId: input.recurrenceId ? zoned(input.recurrenceId, timezone) : null,
    summary: input.title,
    description: input.description ?? null,
    location: input.location,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: input.organizer ?? null,
    created: input.created ?? null,
    lastModified: input.lastModified ?? null,
  });
  for (const attendee of input.attendees ?? []) {
    event.createAttendee({
      email: attendee.email,
      name: attendee.name || null,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: true,
    });
  }
}

/**
 * The booking's series as one VEVENT: DTSTART/DTEND are its first occurrence's (RFC 5545 counts
 * DTSTART as an instance, so it must be one the rule makes), with RRULE and EXDATE for a series.
 */
export function seriesEvent(
  booking: BookingItem,
  fields: Omit<EventInput, 'uid' | 'sequence' | 'title' | 'timezone' | 'start' | 'end'>,
): EventInput {
  const timing = bookingTiming(booking);
  const first = expandOccurrences(timing)[0];
  const rrule = toRRule(timing);
  return {
    ...fields,
    uid: bookingUid(booking.booking_id),
    sequence: booking.sequence,
    title: booking.title,
    description: fields.description ?? booking.description,
    timezone: booking.timezone,
    start: first?.start_date ?? booking.start_date,
    end: first?.end_date ?? booking.end_date,
    ...(rrule ? { rrule, exdates: booking.exdates } : {}),
    created: booking.created_at,
    lastModified: booking.updated_at,
  };
}

/** An occurrence changed on its own (THIS), as the VEVENT that overrides its slot in the series. */
export function overrideEvent(
  booking: Pick<BookingItem, 'booking_id' | 'sequence'>,
  occurrence: BookingOccurrenceItem,
  fields: Omit<EventInput, 'uid' | 'sequence' | 'title' | 'timezone' | 'start' | 'end' | 'recurrenceId'>,
): EventInput {
  return {
    ...fields,
    uid: bookingUid(booking.booking_id),
    sequence: booking.sequence,
    title: occurrence.title,
    description: fields.description ?? occurrence.description,
    timezone: occurrence.timezone,
    start: occurrence.start_date,
    end: occurrence.end_date,
    recurrenceId: occurrence.recurrence_id,
    created: occurrence.created_at,
    lastModified: occurrence.updated_at,
  };
}

/**
 * A calendar of the given iTIP method. Its VTIMEZONEs (one per zone its events use) come from the
 * tz database that `timezones-ical-library` keeps, written as Outlook wants them.
 */
export function newCalendar(options: {
  method: ICalCalendarMethod;
  /** The calendar's name (X-WR-CALNAME), for a feed. */
  name?: string;
  /** The zone a feed is shown in (X-WR-TIMEZONE). */
  timezone?: string;
  /** How often a subscriber should read it again, in seconds. */
  ttl?: number;
}): ICalCalendar {
  const calendar = ical({
    prodId: { company: 'Spaces', product: 'Spaces', language: 'EN' },
    method: options.method,
    // No calendar zone: DTSTAMP, CREATED and LAST-MODIFIED stay in UTC, as RFC 5545 wants them;
    // the generator writes a VTIMEZONE for each zone the events name.
    timezone: { name: null, generator: vtimezone },
  });
  // ical-generator writes the name as it is given: escaped here, so a title cannot add lines.
  if (options.name) calendar.name(escape(options.name, false));
  if (options.timezone) calendar.x('X-WR-TIMEZONE', options.timezone);
  if (options.ttl) calendar.ttl(options.ttl);
  return calendar;
}

/**
 * The VTIMEZONE of an IANA zone, named as the events name it (the library files a link such as
 * `UTC` under its canonical `Etc/UTC`); null for a zone it does not know.
 */
export function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone) as string[] | '';
  return block ? block.replace(/^TZID:.*$/m, `TZID:${zone}`) : null;
}
