import * as z from 'zod';
import {
  bookingFilterParams,
  bookingQuerySchema,
  bookingSchema,
  deleteBookingQuerySchema,
  feedFileParams,
  occurrenceSchema,
  spaceFeedSchema,
  uniqueInviteSchema,
} from '../schemas/bookings';
import { idParams, noResult } from '../schemas/common';
import { eventSchema } from '../schemas/event';
import { defineRoutes } from './contract';

/** The booking lists of GET /client/bookings/{venue}/{space}/{from}/{to}: the filters are optional from the right. */
const list = <P extends z.ZodType | undefined>(path: string, params: P, summary: string) =>
  ({
    method: 'GET',
    path,
    auth: 'client',
    permission: 'events.visible',
    summary,
    ...((params ? { params } : {}) as P extends z.ZodType ? { params: P } : object),
    response: z.array(occurrenceSchema),
    // The window's dates: the end before the start, or more than a year.
    errors: [422],
  }) as const;

/**
 * Bookings (docs/product/client-area.md §2 "Booking calendar (Events)", "Event form", "Event details panel"; §3;
 * §5; §7 "Bookings"): one item per booking with its rule and exceptions, occurrences expanded when
 * read (docs/architecture.md §6), no two occurrences of a space overlapping, invitations e-mailed with iCalendar,
 * and each space's calendar feed. A Venue Manager books in their approved venues, an Event
 * Coordinator in their approved spaces (shared/venues.ts `actsOn`); a Viewer reads.
 */
export const bookingsRoutes = defineRoutes('bookings', {
  'create-booking': {
    method: 'POST',
    path: '/client/booking',
    auth: 'client',
    permission: 'events.permission.add',
    summary: "Books a space, once or as a series, when every occurrence is free and within the space's hours",
    body: eventSchema,
    response: bookingSchema,
    errors: [409],
  },
  'update-booking': {
    method: 'PUT',
    path: '/client/booking/{id}',
    auth: 'client',
    permission: 'events.permission.edit',
    summary: 'Changes one occurrence (THIS), it and the later ones (FOLLOWING) or the whole booking (ALL)',
    params: idParams,
    body: eventSchema,
    response: bookingSchema,
    errors: [409],
  },
  'delete-booking': {
    method: 'DELETE',
    path: '/client/booking/{id}',
    auth: 'client',
    permission: 'events.permission.delete',
    summary: 'Deletes one occurrence (THIS), it and the later ones (FOLLOWING) or the whole booking (ALL)',
    params: idParams,
    query: deleteBookingQuerySchema,
    response: noResult,
    errors: [409],
  },
  'get-booking': {
    method: 'GET',
    path: '/client/booking/{id}',
    auth: 'client',
    permission: 'events.visible',
    summary: 'A booking with its rule, and one of its occurrences when `occurrence_start` names it',
    params: idParams,
    query: bookingQuerySchema,
    response: bookingSchema,
  },
  'list-bookings': list(
    '/client/bookings',
    undefined,
    "The occurrences of the caller's bookings around this month",
  ),
  'list-venue-bookings': list(
    '/client/bookings/{venue}',
    bookingFilterParams.pick({ venue: true }).required(),
    "A venue's occurrences around this month (`-`: any venue)",
  ),
  'list-space-bookings': list(
    '/client/bookings/{venue}/{space}',
    bookingFilterParams.pick({ venue: true, space: true }).required(),
    "A space's occurrences around this month (`-`: any)",
  ),
  'list-bookings-from': list(
    '/client/bookings/{venue}/{space}/{from}',
    bookingFilterParams.pick({ venue: true, space: true, from: true }).required(),
    'Occurrences from a date (in the venue’s zone), a month’s worth',
  ),
  'list-bookings-window': list(
    '/client/bookings/{venue}/{space}/{from}/{to}',
    bookingFilterParams.required(),
    'Occurrences between two dates (in the venue’s zone), both included',
  ),
  'list-recent-bookings': {
    method: 'GET',
    path: '/client/recentbookings',
    auth: 'client',
    permission: 'dashboard.recentbookings',
    summary: "The five newest of the caller's bookings, each at its first occurrence",
    response: z.array(occurrenceSchema),
  },
  'list-upcoming-bookings': {
    method: 'GET',
    path: '/client/upcomingbookings',
    auth: 'client',
    permission: 'events.visible',
    summary: "The caller's next five occurrences from now",
    response: z.array(occurrenceSchema),
  },
  'list-invitees': {
    method: 'GET',
    path: '/client/allUniqueInvites',
    auth: 'client',
    permission: 'events.visible',
    summary: "The addresses the account's bookings invited, for the invitee picker",
    response: z.array(uniqueInviteSchema),
  },
  'get-space-feed': {
    method: 'GET',
    path: '/client/space/{id}/calendarFeed',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: "The space's calendar subscription URL (made on first asking)",
    params: idParams,
    response: spaceFeedSchema,
  },
  'rotate-space-feed': {
    method: 'POST',
    path: '/client/space/{id}/calendarFeed',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: "Replaces the space's calendar subscription URL; the old one stops working",
    params: idParams,
    response: spaceFeedSchema,
  },
  'get-ical-feed': {
    method: 'GET',
    path: '/ical/{file}',
    auth: 'public',
    summary:
      "A space's bookings as an iCalendar feed (the last month and the next twelve), by its secret token",
    params: feedFileParams,
    response: z.string(),
    produces: 'text/calendar',
  },
});
