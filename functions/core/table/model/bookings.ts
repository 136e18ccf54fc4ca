/* Bookings: a series item per booking, an item per changed occurrence, the account's invitees, space feeds. */
import { Entity } from 'electrodb';
import { calendarProviders } from '@shared/schemas/calendars';
import { recurEndTypes, recurTypes } from '@shared/schemas/event-timing';
import { key, model, timestamps } from './parts';

/** Who is invited, as the booking keeps them. */
const invitesList = {
  type: 'list',
  items: {
    type: 'map',
    properties: { name: { type: 'string' }, email: { type: 'string', required: true } },
  },
  required: true,
  default: () => [],
} as const;

/**
 * Where a booking or a changed occurrence is found by time (docs/architecture.md §6): under its venue (gsi1),
 * its space (gsi2) and its account (gsi3), each sorted by the instant it ends (`end_at`, UTC ISO),
 * so that a window is one Query of what ends after the window starts, then expansion. Both
 * entities share these keys, so each index is a collection of both (`venueBookings`,
 * `spaceBookings`, `accountBookings`; the keys are the templates, which a collection leaves as they are).
 */
const byTime = {
  byVenue: {
    index: 'gsi1',
    collection: 'venueBookings',
    type: 'clustered',
    pk: key('gsi1pk', ['account_id', 'venue_id'], 'ACCOUNT#${account_id}#VENUE#${venue_id}#BOOKINGS#'),
    sk: key('gsi1sk', ['end_at', 'booking_id'], 'END#${end_at}#${booking_id}#'),
  },
  bySpace: {
    index: 'gsi2',
    collection: 'spaceBookings',
    type: 'clustered',
    pk: key('gsi2pk', ['account_id', 'space_id'], 'ACCOUNT#${account_id}#SPACE#${space_id}#BOOKINGS#'),
    sk: key('gsi2sk', ['end_at', 'booking_id'], 'END#${end_at}#${booking_id}#'),
  },
  byAccountTime: {
    index: 'gsi3',
    collection: 'accountBookings',
    type: 'clustered',
    pk: key('gsi3pk', ['account_id'], 'ACCOUNT#${account_id}#BOOKINGS#'),
    sk: key('gsi3sk', ['end_at', 'booking_id'], 'END#${end_at}#${booking_id}#'),
  },
} as const;

/**
 * A booking: one item whatever its number of occurrences (shared/series-edit.ts `Series`), with
 * its rule, its excluded dates (`exdates`: deleted and changed occurrences' original starts) and
 * its details. Times are wall-clock in the venue's zone (`timezone`, as it was when saved);
 * `start_at` / `end_at` are the instants its first occurrence starts and its last one ends.
 */
export const bookingEntity = new Entity({
  model: model('booking'),
  attributes: {
    account_id: { type: 'string', required: true },
    booking_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    description: { type: 'string' },
    start_date: { type: 'string', required: true },
    end_date: { type: 'string', required: true },
    timezone: { type: 'string', required: true },
    recurring: { type: ['Yes', 'No'] as const, required: true, default: 'No' },
    recur_interval: { type: 'number' },
    recur_type: { type: recurTypes },
    recur_on: { type: 'string' },
    recur_end_type: { type: recurEndTypes },
    recur_end: { type: 'string' },
    exdates: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    invites_list: invitesList,
    start_at: { type: 'string', required: true },
    end_at: { type: 'string', required: true },
    /** Who booked it (the organizer of its invitations), named so that lists read no user. */
    organizer_id: { type: 'string', required: true },
    organizer_name: { type: 'string', required: true },
    organizer_email: { type: 'string', required: true },
    /** The iCalendar SEQUENCE of its invitations: bumped by every change. */
    sequence: { type: 'number', required: true, default: 0 },
    /**
     * Where it was made: absent for a booking made in Spaces; the provider for an event read from
     * a space's linked calendar (functions/calendars/pull.ts), which is one occurrence,
     * read only here, and never pushed back.
     */
    source: { type: calendarProviders },
    /** Of an event read from a linked calendar: its occurrence's id there, and its series' id. */
    ext_id: { type: 'string' },
    ext_series_id: { type: 'string' },
    /** A changed occurrence of a series (kept when the series is read again). */
    ext_exception: { type: 'boolean' },
    ...timestamps,
  },
  indexes: {
    /**
     * The booking, and under it (sk begins `BOOKING#<id>#`) its changed occurrences: the
     * collection `bookingState` reads both in one Query.
     */
    byId: {
      collection: 'bookingState',
      type: 'clustered',
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['booking_id'], 'BOOKING#${booking_id}#'),
    },
    ...byTime,
  },
});

/**
 * An occurrence changed on its own (THIS): it names its booking and its original start
 * (`recurrence_id`, as RFC 5545's RECURRENCE-ID) and keeps its own times and details. The
 * booking's `exdates` holds its original start. Found by time like a booking, under its own end.
 */
export const bookingOccurrenceEntity = new Entity({
  model: model('bookingOccurrence'),
  attributes: {
    account_id: { type: 'string', required: true },
    booking_id: { type: 'string', required: true },
    recurrence_id: { type: 'string', required: true },
    venue_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    description: { type: 'string' },
    start_date: { type: 'string', required: true },
    end_date: { type: 'string', required: true },
    timezone: { type: 'string', required: true },
    invites_list: invitesList,
    start_at: { type: 'string', required: true },
    end_at: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byBooking: {
      collection: 'bookingState',
      type: 'clustered',
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['booking_id', 'recurrence_id'], 'BOOKING#${booking_id}#OCC#${recurrence_id}#'),
    },
    ...byTime,
  },
});

/** An address the account's bookings have invited, for the invitee picker (`GET /client/allUniqueInvites`). */
export const inviteeEntity = new Entity({
  model: model('invitee'),
  attributes: {
    account_id: { type: 'string', required: true },
    /** Lower-case. */
    email: { type: 'string', required: true },
    name: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['email'], 'INVITEE#${email}#'),
    },
  },
});

/**
 * A space's calendar feed: the secret token of its subscription URL (the space keeps it too, as
 * `feed_token`, so its panel can show the URL again), to the space. Rotating it deletes this item
 * and writes the next.
 */
export const spaceFeedEntity = new Entity({
  model: model('spaceFeed'),
  attributes: {
    token: { type: 'string', required: true },
    account_id: { type: 'string', required: true },
    space_id: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byToken: {
      pk: key('pk', ['token'], 'FEED#${token}#'),
      sk: key('sk', [], 'FEED#'),
    },
  },
});
