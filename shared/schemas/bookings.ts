import * as z from 'zod';
import { isoDate, ulid, yesNo } from './common';
import { applicableScopes } from './event';
import { recurEndTypes, recurTypes, wallTime } from './event-timing';
import { messages } from './messages';

/**
 * Bookings on the wire (docs/product/client-area.md §2 "Booking calendar", "Event form", "Event details panel";
 * §3 Booking / event; §7 "Bookings"). The request body of a create or change is the event form's
 * schema, `eventSchema` of ./event.ts; these are the answers and the other inputs.
 */

const place = {
  venue: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  space: z.object({
    id: z.string(),
    title: z.string(),
    calendar_color: z.string(),
    photo_url: z.string().nullable(),
  }),
};

const rule = {
  recurring: yesNo,
  recur_interval: z.number().int().nullable(),
  recur_type: z.enum(recurTypes).nullable(),
  recur_on: z.string().nullable(),
  recur_end_type: z.enum(recurEndTypes).nullable(),
  /** A date (`YYYY-MM-DD`) for ON, a count for AFTER. */
  recur_end: z.union([z.string(), z.number()]).nullable(),
};

const inviteSchema = z.object({ name: z.string().nullable(), email: z.string() });

/**
 * Where a booking was made: in Spaces, or in the space's linked Google or Microsoft calendar (an
 * event read from there, shown read-only: it is changed in that calendar).
 */
export const bookingSources = ['spaces', 'google', 'microsoft'] as const;
export type BookingSource = (typeof bookingSources)[number];

const permissions = {
  /** Whether the caller may change it (their role's flag and scope). */
  editPermission: z.boolean(),
  /** Whether the caller may delete it. */
  deletePermission: z.boolean(),
};

/**
 * One occurrence, as the calendar and the lists show it: the booking's fields, where and when it
 * is — local wall-clock times in the venue's zone and the same instants in UTC — and the original
 * start that names it for THIS and FOLLOWING.
 */
export const occurrenceSchema = z.object({
  /** The booking's id. */
  id: z.string(),
  /** Its original local start in the booking (RFC 5545 RECURRENCE-ID): send it back to change or delete it. */
  occurrence_start: z.string(),
  /** Changed on its own (THIS), no longer following its booking. */
  detached: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  ...place,
  start_date: z.string(),
  end_date: z.string(),
  /** The same instants, ISO 8601 in UTC. */
  start_at: z.string(),
  end_at: z.string(),
  ...rule,
  invites_list: z.array(inviteSchema),
  organizer: z.object({ id: z.string(), name: z.string() }),
  /**
   * What happened at the room's screen, in the calendar's lists: someone checked in, or nobody did
   * in time and the room was released; null otherwise (and in the other lists).
   */
  check_in: z.enum(['Checked in', 'Released']).nullable(),
  source: z.enum(bookingSources),
  ...permissions,
  /**
   * The scopes (THIS, FOLLOWING, ALL) the caller may change or delete it with: those whose
   * occurrences all sit where the caller acts. Answered by GET /client/booking/{id}, which reads
   * every occurrence of the booking.
   */
  scopes: z.array(z.enum(applicableScopes)).optional(),
});
export type BookingOccurrence = z.infer<typeof occurrenceSchema>;

/** A booking with its rule (GET /client/booking/{id}); with `occurrence_start`, that occurrence too. */
export const bookingSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  ...place,
  /** The first occurrence's local times. */
  start_date: z.string(),
  end_date: z.string(),
  ...rule,
  /** Original starts of occurrences deleted or changed on their own. */
  exdates: z.array(z.string()),
  invites_list: z.array(inviteSchema),
  organizer: z.object({ id: z.string(), name: z.string() }),
  occurrence: occurrenceSchema.nullable(),
  source: z.enum(bookingSources),
  created_at: z.string(),
  updated_at: z.string(),
  ...permissions,
});
export type Booking = z.infer<typeof bookingSchema>;

/** `?occurrence_start=` of GET /client/booking/{id}. */
export const bookingQuerySchema = z.object({ occurrence_start: wallTime.optional() });

/** The query of DELETE /client/booking/{id}: the scope, and the occurrence it starts from. */
export const deleteBookingQuerySchema = z.object({
  applicable: z.enum(applicableScopes, { error: messages.invalid }).default('ALL'),
  occurrence_start: wallTime.optional(),
});
export type DeleteBookingQuery = z.output<typeof deleteBookingQuerySchema>;

/** `-` in a path filter stands for "any". */
const anyOrId = z.union([z.literal('-'), ulid]);
const anyOrDate = z.union([z.literal('-'), isoDate]);

/**
 * The path filters of GET /client/bookings/{venue}/{space}/{from}/{to}, optional from the right:
 * ids of a venue and a space, or `-`; dates `YYYY-MM-DD` in the venue's zone, or `-`.
 */
export const bookingFilterParams = z.object({
  venue: anyOrId.optional(),
  space: anyOrId.optional(),
  from: anyOrDate.optional(),
  to: anyOrDate.optional(),
});
export type BookingFilter = z.output<typeof bookingFilterParams>;

/** An address the account's bookings invited, for the invitee picker. */
export const uniqueInviteSchema = inviteSchema;

/** A space's calendar feed: the subscription URL calendar apps read (`…/api/v1/ical/<token>.ics`). */
export const spaceFeedSchema = z.object({ url: z.string() });
export type SpaceFeed = z.infer<typeof spaceFeedSchema>;

/** The public feed's path parameter: `<token>.ics`. */
export const feedFileParams = z.object({
  file: z
    .string()
    .max(104)
    .regex(/^[A-Za-z0-9_-]{20,100}\.ics$/),
});
