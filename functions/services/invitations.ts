import { clockText, dayText, describeRule } from '../../shared/booking-text';
import { expandOccurrences } from '../../shared/recurrence';
import { parseWallTime } from '../../shared/wall-time';
import type { BookingItem, BookingOccurrenceItem } from '../data/entities';
import { logger } from '../http/logger';
import {
  addEvent,
  bookingTiming,
  ICalCalendarMethod,
  newCalendar,
  overrideEvent,
  seriesEvent,
  type EventInput,
} from './icalendar';
import type { BookingChange } from './booking-change';
import { escapeHtml, sendMail } from './mail';

/**
 * Invitations (issue 10, "Invitations"): creating, changing or cancelling a booking e-mails each
 * invitee, once per address, an iCalendar invitation (iTIP, RFC 5546) that Google Calendar,
 * Outlook and Apple Calendar take as a meeting request: METHOD REQUEST or CANCEL, the booking's
 * UID in every message about it, its SEQUENCE (bumped by each change), times in the venue's zone
 * with its VTIMEZONE, RRULE and EXDATE for a series, RECURRENCE-ID for one occurrence.
 *
 * - created, and changed FOLLOWING or ALL: REQUEST with the whole booking (a FOLLOWING change
 *   leaves the booking ending before the occurrence, and its later part is a booking of its own,
 *   created), with its changed occurrences as overrides.
 * - changed THIS: REQUEST with that occurrence alone (RECURRENCE-ID), to its own invitees.
 * - cancelled ALL (or a booking that is not a series): CANCEL of the booking.
 * - cancelled THIS: CANCEL of that occurrence (RECURRENCE-ID).
 * - cancelled FOLLOWING: REQUEST with the booking as it now ends (its RRULE's new end), which is
 *   how calendars take "this and the following" away (a RANGE=THISANDFUTURE cancel is not read
 *   by the common ones).
 * - Invitees a change dropped (on `previous`, not on the booking or the occurrence now) are sent
 *   the CANCEL of what they were invited to.
 *
 * Mail is sent after the booking is written; a failure is logged, never thrown: the booking stands.
 */

/** An invitee as a booking keeps them. */
export interface Invitee {
  name?: string | null;
  email: string;
}

/** What one message says: its method, events, subject and wording. */
interface Message {
  method: ICalCalendarMethod.REQUEST | ICalCalendarMethod.CANCEL;
  events: EventInput[];
  subject: string;
  /** The first line of the body. */
  headline: string;
  when: string;
  repeats?: string;
  description?: string;
}

/** How many mails are sent at once. */
const concurrentMails = 5;

/**
 * E-mails each invitee of a created, changed or cancelled booking its invitation; one mail per
 * address. Never throws: what fails is logged.
 */
export async function sendInvitations(change: BookingChange): Promise<void> {
  try {
    const deliveries = plan(change);
    let failed = 0;
    for (let i = 0; i < deliveries.length; i += concurrentMails) {
      const results = await Promise.allSettled(
        deliveries.slice(i, i + concurrentMails).map(({ to, message }) => send(change, to, message)),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          failed += 1;
          logger.error('An invitation could not be sent', {
            bookingId: change.booking.booking_id,
            kind: change.kind,
            error: result.reason as Error,
          });
        }
      }
    }
    if (failed) logger.warn('Invitations not sent', { bookingId: change.booking.booking_id, failed });
  } catch (error) {
    logger.error('Invitations could not be prepared', {
      bookingId: change.booking.booking_id,
      kind: change.kind,
      error: error as Error,
    });
  }
}

/** Each address (lower-case, once) with the message it is sent. */
function plan(change: BookingChange): Array<{ to: Invitee; message: Message }> {
  const deliveries = new Map<string, { to: Invitee; message: Message }>();
  const add = (invitees: readonly Invitee[], message: Message) => {
    for (const invitee of invitees) {
      const address = invitee.email.trim().toLowerCase();
      if (address && !deliveries.has(address))
        deliveries.set(address, { to: { ...invitee, email: address }, message });
    }
  };
  const main = mainMessage(change);
  add(main.invitees, main.message);
  const removed = removedInvitees(change, main.invitees);
  if (removed.length) add(removed, cancellationFor(change, main.message, removed));
  return [...deliveries.values()];
}

const isSeries = (booking: BookingItem) => booking.recurring === 'Yes';

/**
 * The SEQUENCE of a cancellation: above the last one sent. A booking deleted outright is passed
 * as it was, with the SEQUENCE its last invitation had.
 */
function cancelSequence({ booking, previous }: BookingChange): number {
  return previous && previous.sequence < booking.sequence ? booking.sequence : booking.sequence + 1;
}

/** A cancellation of the whole booking: ALL, a single booking, or FOLLOWING from its first occurrence. */
function cancelsWhole({ scope, booking, occurrenceStart }: BookingChange): boolean {
  return scope === 'ALL' || !isSeries(booking) || !occurrenceStart || !showsBefore(booking, occurrenceStart);
}

/** The occurrence a THIS change names, when it is one of the booking's changed occurrences. */
function namedOccurrence(change: BookingChange): BookingOccurrenceItem | undefined {
  return change.occurrences.find((occurrence) => occurrence.recurrence_id === change.occurrenceStart);
}

function mainMessage(change: BookingChange): { invitees: readonly Invitee[]; message: Message } {
  const { booking, kind } = change;
  const oneOccurrence = change.scope === 'THIS' && isSeries(booking) && !!change.occurrenceStart;
  if (kind === 'cancelled' && oneOccurrence && remainsBesides(change, change.occurrenceStart!)) {
    const occurrence = namedOccurrence(change);
    const start = occurrence?.start_date ?? change.occurrenceStart!;
    const end = occurrence?.end_date ?? endOf(booking, start);
    return {
      invitees: occurrence?.invites_list ?? booking.invites_list,
      message: {
        method: ICalCalendarMethod.CANCEL,
        events: [
          {
            ...seriesFields(change, booking),
            ...(occurrence ? { title: occurrence.title } : {}),
            start,
            end,
            rrule: undefined,
            exdates: undefined,
            recurrenceId: change.occurrenceStart,
            sequence: cancelSequence(change),
            cancelled: true,
          },
        ],
        subject: `Cancelled: ${occurrence?.title ?? booking.title}`,
        headline: `${occurrence?.title ?? booking.title} on ${when(start, end, booking.timezone)} has been cancelled.`,
        when: when(start, end, booking.timezone),
      },
    };
  }
  if (kind === 'cancelled' && cancelsWhole(change)) {
    const series = seriesFields(change, booking);
    return {
      invitees: everyInvitee(change),
      message: {
        method: ICalCalendarMethod.CANCEL,
        events: [{ ...series, sequence: cancelSequence(change), cancelled: true }],
        subject: `Cancelled: ${booking.title}`,
        headline: `${booking.title} has been cancelled.`,
        when: when(series.start, series.end, booking.timezone),
        repeats: repeats(booking),
      },
    };
  }
  if (kind === 'changed' && oneOccurrence) {
    const occurrence = namedOccurrence(change);
    if (occurrence) {
      const event = overrideEvent(booking, occurrence, forOccurrence(change, occurrence));
      return {
        invitees: occurrence.invites_list,
        message: {
          method: ICalCalendarMethod.REQUEST,
          events: [event],
          subject: `Updated invitation: ${occurrence.title}`,
          headline: `${occurrence.title} has been changed: one occurrence, now as below.`,
          when: when(occurrence.start_date, occurrence.end_date, occurrence.timezone),
          description: occurrence.description,
        },
      };
    }
  }
  // The whole booking: new, changed (FOLLOWING, ALL), or ending sooner (cancelled FOLLOWING).
  const series = seriesFields(change, booking);
  const headline = {
    created: `${organizerOf(change).name} invited you to ${booking.title}.`,
    changed: `${booking.title} has been changed.`,
    cancelled: `${booking.title}: the occurrences from ${dayText(change.occurrenceStart ?? '')} on have been cancelled.`,
  }[kind];
  return {
    invitees: booking.invites_list,
    message: {
      method: ICalCalendarMethod.REQUEST,
      events: [series, ...change.occurrences.map((o) => overrideEvent(booking, o, forOccurrence(change, o)))],
      subject: `${kind === 'created' ? 'Invitation' : 'Updated invitation'}: ${booking.title}`,
      headline,
      when: when(series.start, series.end, booking.timezone),
      repeats: repeats(booking),
      description: booking.description,
    },
  };
}

/** Who a change dropped: invited before (`previous`), not by what the change sends now. */
function removedInvitees(change: BookingChange, now: readonly Invitee[]): Invitee[] {
  if (change.kind !== 'changed' || !change.previous) return [];
  const kept = new Set(now.map((invitee) => invitee.email.trim().toLowerCase()));
  return change.previous.invites_list.filter((invitee) => !kept.has(invitee.email.trim().toLowerCase()));
}

/** The CANCEL sent to invitees a change removed: of the occurrence, or of the whole booking. */
function cancellationFor(change: BookingChange, main: Message, removed: readonly Invitee[]): Message {
  return {
    ...main,
    method: ICalCalendarMethod.CANCEL,
    events: main.events.slice(0, 1).map((event) => ({ ...event, attendees: removed, cancelled: true })),
    subject: `Cancelled: ${main.events[0]?.title ?? change.booking.title}`,
    headline: `You are no longer invited to ${main.events[0]?.title ?? change.booking.title}.`,
  };
}

/** Everyone a cancellation of the whole booking concerns: its invitees and its occurrences'. */
function everyInvitee(change: BookingChange): Invitee[] {
  return [...change.booking.invites_list, ...change.occurrences.flatMap((o) => o.invites_list)];
}

function organizerOf(change: BookingChange): { name: string; email: string } {
  return change.organizer ?? { name: change.booking.organizer_name, email: change.booking.organizer_email };
}

/** What every VEVENT of an invitation carries besides its times: where, who organizes, who is invited. */
function common(change: BookingChange) {
  return {
    location: `${change.space.title}, ${change.venue.name}`,
    organizer: organizerOf(change),
    attendees: change.booking.invites_list,
  };
}

/** As {@link common}, for an occurrence changed on its own, which has its own invitees. */
function forOccurrence(change: BookingChange, occurrence: BookingOccurrenceItem) {
  return { ...common(change), attendees: occurrence.invites_list };
}

function seriesFields(change: BookingChange, booking: BookingItem): EventInput {
  return seriesEvent(booking, common(change));
}

/** The end of an occurrence of the booking that starts at `start`: the booking's wall-clock length later. */
function endOf(booking: BookingItem, start: string): string {
  const length = parseWallTime(booking.end_date)! - parseWallTime(booking.start_date)!;
  return new Date(parseWallTime(start)! + length).toISOString().slice(0, 19).replace('T', ' ');
}

/** Whether the booking has an occurrence besides the one at `start` (regular, or changed on its own). */
function remainsBesides(change: BookingChange, start: string): boolean {
  const { booking } = change;
  if (change.occurrences.some((occurrence) => occurrence.recurrence_id !== start)) return true;
  const excluded = new Set([...booking.exdates, start]);
  return expandOccurrences(bookingTiming(booking)).some((occurrence) => !excluded.has(occurrence.start_date));
}

/** Whether the booking still shows an occurrence that starts before `start`. */
function showsBefore(booking: BookingItem, start: string): boolean {
  const excluded = new Set(booking.exdates);
  return expandOccurrences(bookingTiming(booking)).some(
    (occurrence) => occurrence.start_date < start && !excluded.has(occurrence.start_date),
  );
}

async function send(change: BookingChange, to: Invitee, message: Message): Promise<void> {
  const calendar = newCalendar({
    method: message.method,
  });
  for (const event of message.events) addEvent(calendar, event);
  const ics = calendar.toString();
  const where = `${change.space.title}, ${change.venue.name}`;
  const organizer = organizerOf(change);
  const lines: Array<[string, string]> = [
    ['When', message.when],
    ...(message.repeats ? [['Repeats', message.repeats] as [string, string]] : []),
    ['Where', where],
    ['Organizer', `${organizer.name} <${organizer.email}>`],
  ];
  const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
  const footer =
    message.method === ICalCalendarMethod.CANCEL
      ? 'The attached invite.ics removes it from your calendar.'
      : 'The attached invite.ics adds it to your calendar.';
  await sendMail({
    to: to.email,
    subject: message.subject,
    text: [
      greeting,
      '',
      message.headline,
      '',
      ...lines.map(([label, value]) => `${label}: ${value}`),
      ...(message.description ? ['', message.description] : []),
      '',
      footer,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(message.headline)}</p>`,
      '<table>',
      ...lines.map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      ...(message.description ? [`<p>${escapeHtml(message.description).replace(/\r?\n/g, '<br>')}</p>`] : []),
      `<p>${escapeHtml(footer)}</p>`,
    ].join('\n'),
    attachments: [
      {
        filename: 'invite.ics',
        contentType: `text/calendar; charset=UTF-8; method=${message.method}`,
        content: ics,
      },
    ],
  });
}

// ---- wording -----------------------------------------------------------------------------------

/** '5th Jan, 2026 | 9:00am – 10:00am (Europe/London)', the end's day too when it is another. */
function when(start: string, end: string, zone: string): string {
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return `${dayText(start)} | ${clockText(start)} – ${sameDay ? '' : `${dayText(end)} | `}${clockText(end)} (${zone})`;
}

/** A series' rule in words ('Every 2 weeks on Monday, Wednesday, until 31st Mar, 2026'); none for a single booking. */
function repeats(booking: BookingItem): string | undefined {
  return booking.recurring === 'Yes' && booking.recur_type ? describeRule(booking) : undefined;
}
