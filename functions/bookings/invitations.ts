import { clockText, dayText, describeRule } from '@shared/booking-text';
import { expandOccurrences, type Occurrence } from '@shared/recurrence';
import { parseWallTime } from '@shared/wall-time';
import type { BookingItem, BookingOccurrenceItem } from '@core/table/entities';
import { logger } from '@core/logger';
import {
  addEvent,
  bookingTiming,
  ICalCalendarMethod,
  newCalendar,
  overrideEvent,
  seriesEvent,
  type EventInput,
} from './icalendar';
import type { BookingChange, BookingState } from './change';
import { escapeHtml, sendMail } from '@core/mail';

/**
 * Invitations: creating, changing or cancelling a booking e-mails each invitee an iCalendar
 * invitation (iTIP, RFC 5546) that Google Calendar, Outlook, Apple Calendar and Thunderbird take as
 * a meeting request. The rules, and why, are in docs/decisions.md "Invitations every calendar reads
 * the same"; in short:
 *
 * - Each invitee is sent what they see of the booking (their {@link View}): the series if they are
 *   invited to it, with an EXDATE for each occurrence they do not see (deleted, or changed on its
 *   own without them), and every occurrence changed on its own that invites them, as an override
 *   (RECURRENCE-ID). A changed occurrence is never in EXDATE for someone it invites. An occurrence
 *   over a change of clocks, longer or shorter than the first, is an override too.
 * - Whenever the series is sent (a new booking, any change but one occurrence's), it comes with
 *   all the invitee's current overrides in one VCALENDAR: a client replaces the series it holds
 *   with what it receives.
 * - A change of one occurrence (THIS) sends that override alone (REQUEST), or its CANCEL to whoever
 *   no longer sees it; the series again only when it must now show an occurrence it excluded, or
 *   one its rule does not make (RDATE: an override moved with the series onto another weekday).
 * - Someone who sees nothing of the booking any more is sent the CANCEL of the series (or of the
 *   occurrences they saw, when they were not invited to the series).
 * - Every component carries the booking's SEQUENCE after the change, which rises with each change.
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
 * E-mails each invitee of a created, changed or cancelled booking what they see of it now. Never
 * throws: what fails is logged.
 */
export async function sendInvitations(change: BookingChange): Promise<void> {
  const bookingId = (change.after ?? change.before)?.booking.booking_id;
  try {
    const deliveries = plan(change);
    let failed = 0;
    for (let i = 0; i < deliveries.length; i += concurrentMails) {
      const results = await Promise.allSettled(
        deliveries.slice(i, i + concurrentMails).map(({ to, messages }) => sendAll(change, to, messages)),
      );
      for (const result of results) {
        if (result.status === 'rejected') {
          failed += 1;
          logger.error('An invitation could not be sent', {
            bookingId,
            kind: change.kind,
            error: result.reason as Error,
          });
        }
      }
    }
    if (failed) logger.warn('Invitations not sent', { bookingId, failed });
  } catch (error) {
    logger.error('Invitations could not be prepared', {
      bookingId,
      kind: change.kind,
      error: error as Error,
    });
  }
}

/** One address's messages, in order. */
async function sendAll(change: BookingChange, to: Invitee, messages: readonly Message[]): Promise<void> {
  for (const message of messages) await send(change, to, message);
}

const addressOf = (invitee: Invitee) => invitee.email.trim().toLowerCase();
const invites = (list: readonly Invitee[], address: string) =>
  list.some((invitee) => addressOf(invitee) === address);

/** What one invitee sees of a booking: the series (if invited to it) and the overrides that invite them. */
interface View {
  master?: EventInput;
  /** Occurrences changed on their own that invite them, by original start (RECURRENCE-ID). */
  overrides: Map<string, EventInput>;
}

/** Each address a change concerns (lower-case, once), with the messages it is sent. */
function plan(change: BookingChange): Array<{ to: Invitee; messages: Message[] }> {
  const people = new Map<string, Invitee>();
  for (const state of [change.after, change.before]) {
    if (!state) continue;
    for (const invitee of [
      state.booking.invites_list,
      ...state.occurrences.map((o) => o.invites_list),
    ].flat()) {
      const address = addressOf(invitee);
      if (address && !people.has(address)) people.set(address, { ...invitee, email: address });
    }
  }
  const sequence = change.after ? change.after.booking.sequence : change.before!.booking.sequence + 1;
  const shapes = { before: shapeOf(change.before), after: shapeOf(change.after) };
  const regular = { before: shapes.before.regular, after: shapes.after.regular };
  const deliveries: Array<{ to: Invitee; messages: Message[] }> = [];
  for (const [address, to] of people) {
    const before = viewOf(change, change.before, shapes.before, address, sequence);
    const after = viewOf(change, change.after, shapes.after, address, sequence);
    const messages = messagesFor(change, to, { before, after }, regular, sequence);
    if (messages.length) deliveries.push({ to, messages });
  }
  return deliveries;
}

/** A booking's regular occurrences: their original starts, and those its rule cannot give as they are. */
interface Shape {
  /** The original starts its rule makes, excluded ones too. */
  instances: Set<string>;
  regular: Set<string>;
  /**
   * Regular occurrences whose length in elapsed time differs from the first's, over a change of
   * clocks: a rule repeats the first's exact length (RFC 5545), so they are sent as overrides.
   */
  uneven: Occurrence[];
}

function shapeOf(state: BookingState | undefined): Shape {
  if (!state) return { instances: new Set(), regular: new Set(), uneven: [] };
  const excluded = new Set(state.booking.exdates);
  const all = expandOccurrences(bookingTiming(state.booking));
  const elapsed = (o: Occurrence) => Date.parse(o.end_utc) - Date.parse(o.start_utc);
  const length = all[0] ? elapsed(all[0]) : 0;
  const regular = all.filter((occurrence) => !excluded.has(occurrence.start_date));
  return {
    instances: new Set(all.map((occurrence) => occurrence.start_date)),
    regular: new Set(regular.map((occurrence) => occurrence.start_date)),
    uneven: state.booking.recurring === 'Yes' ? regular.filter((o) => elapsed(o) !== length) : [],
  };
}

/**
 * What `address` sees of the booking in `state`: the series if it invites them, its EXDATE the
 * occurrences they do not see (deleted ones, and the overrides that do not invite them), and the
 * overrides that do.
 */
function viewOf(
  change: BookingChange,
  state: BookingState | undefined,
  shape: Shape,
  address: string,
  sequence: number,
): View {
  const view: View = { overrides: new Map() };
  if (!state) return view;
  const { booking, occurrences } = state;
  for (const occurrence of occurrences) {
    if (invites(occurrence.invites_list, address))
      view.overrides.set(occurrence.recurrence_id, { ...overrideOf(change, booking, occurrence), sequence });
  }
  if (invites(booking.invites_list, address)) {
    const master = { ...seriesEvent(booking, commonOf(change, booking)), sequence };
    if (master.rrule) {
      const changed = new Set(occurrences.map((occurrence) => occurrence.recurrence_id));
      master.exdates = [
        ...booking.exdates.filter((start) => !changed.has(start)),
        ...occurrences.filter((o) => !view.overrides.has(o.recurrence_id)).map((o) => o.recurrence_id),
      ].sort();
    }
    // An ALL change that moves the series across midnight moves its overrides' original starts
    // along, but not its weekdays: those the rule no longer makes are added to it.
    const added = [...view.overrides.keys()].filter((start) => !shape.instances.has(start));
    if (master.rrule && added.length) master.rdates = added.sort();
    view.master = master;
    for (const occurrence of shape.uneven) {
      view.overrides.set(occurrence.start_date, {
        ...master,
        start: occurrence.start_date,
        end: occurrence.end_date,
        rrule: undefined,
        exdates: undefined,
        rdates: undefined,
        recurrenceId: occurrence.start_date,
      });
    }
  }
  return view;
}

/** The original starts of the occurrences a view shows. */
function shownStarts(view: View, regular: ReadonlySet<string>): Set<string> {
  const shown = new Set(view.overrides.keys());
  if (view.master) {
    const excluded = new Set(view.master.exdates ?? []);
    for (const start of view.master.rrule ? regular : [view.master.start])
      if (!excluded.has(start)) shown.add(start);
  }
  return shown;
}

/** What of an override a calendar shows: a changed one is sent again. */
const shownOf = (event: EventInput | undefined) =>
  event &&
  JSON.stringify([
    event.start,
    event.end,
    event.title,
    event.description ?? null,
    event.location,
    (event.attendees ?? []).map(addressOf),
  ]);

/** The messages that take `to`'s calendar from what they saw (`views.before`) to what they see. */
function messagesFor(
  change: BookingChange,
  to: Invitee,
  views: { before: View; after: View },
  regular: { before: ReadonlySet<string>; after: ReadonlySet<string> },
  sequence: number,
): Message[] {
  const { before, after } = views;
  const sawAnything = !!before.master || before.overrides.size > 0;
  if (!after.master && !after.overrides.size) {
    if (before.master) return [seriesCancel(change, to, before.master, sequence)];
    if (before.overrides.size)
      return [occurrencesCancel(change, to, [...before.overrides.values()], regular.after, sequence)];
    return [];
  }
  const oneOccurrence = change.kind !== 'created' && change.scope === 'THIS';
  if (after.master && (!oneOccurrence || !before.master || seriesWidened(before.master, after.master)))
    return [seriesRequest(change, after.master, [...after.overrides.values()], sawAnything)];
  const messages: Message[] = [];
  const changed = [...after.overrides.entries()]
    .filter(([start, event]) => shownOf(event) !== shownOf(before.overrides.get(start)))
    .map(([, event]) => event);
  if (changed.length) messages.push(occurrencesRequest(change, changed, sawAnything));
  const shownAfter = shownStarts(after, regular.after);
  const gone = [...shownStarts(before, regular.before)].filter((start) => !shownAfter.has(start));
  if (gone.length) {
    const events = gone.sort().map(
      (start) =>
        before.overrides.get(start) ?? {
          ...before.master!,
          start,
          end: endOf(change.before!.booking, start),
          rrule: undefined,
          exdates: undefined,
          rdates: undefined,
          recurrenceId: start,
        },
    );
    messages.push(occurrencesCancel(change, to, events, regular.after, sequence));
  }
  return messages;
}

/**
 * Whether the series must be sent again for the invitee to see an override: it now shows an
 * occurrence it excluded (EXDATE) or needs one its rule does not make (RDATE). An occurrence it
 * no longer shows goes with a CANCEL instead.
 */
function seriesWidened(before: EventInput, after: EventInput): boolean {
  const excluded = new Set(after.exdates ?? []);
  const added = new Set(before.rdates ?? []);
  return (
    (before.exdates ?? []).some((start) => !excluded.has(start)) ||
    (after.rdates ?? []).some((start) => !added.has(start))
  );
}

// ---- the four messages ---------------------------------------------------------------------------

/** The series with the invitee's overrides: a new invitation, or the booking as it now is. */
function seriesRequest(
  change: BookingChange,
  master: EventInput,
  overrides: EventInput[],
  update: boolean,
): Message {
  const booking = change.after!.booking;
  const named =
    change.scope === 'THIS' && overrides.find((event) => event.recurrenceId === change.occurrenceStart);
  const headline = !update
    ? `${organizerOf(change).name} invited you to ${master.title}.`
    : change.kind === 'cancelled'
      ? `${master.title}: the occurrences from ${dayText(change.occurrenceStart ?? '')} on have been cancelled.`
      : named
        ? `${named.title} has been changed: one occurrence, now as below.`
        : `${master.title} has been changed.`;
  return {
    method: ICalCalendarMethod.REQUEST,
    events: [master, ...overrides.sort(byStart)],
    subject: `${update ? 'Updated invitation' : 'Invitation'}: ${master.title}`,
    headline,
    when: named
      ? when(named.start, named.end, named.timezone)
      : when(master.start, master.end, booking.timezone),
    repeats: repeats(booking),
    description: named ? named.description : master.description,
  };
}

/** Occurrences changed on their own, without the series: new to the invitee, or changed. */
function occurrencesRequest(change: BookingChange, events: EventInput[], update: boolean): Message {
  const [first] = events.sort(byStart) as [EventInput];
  const headline = !update
    ? `${organizerOf(change).name} invited you to ${first.title}.`
    : events.length === 1
      ? `${first.title} has been changed: one occurrence, now as below.`
      : `${first.title}: ${events.length} occurrences have been changed, now as below.`;
  return {
    method: ICalCalendarMethod.REQUEST,
    events,
    subject: `${update ? 'Updated invitation' : 'Invitation'}: ${first.title}`,
    headline,
    when: when(first.start, first.end, first.timezone),
    description: first.description,
  };
}

/** The CANCEL of the whole series: deleted, or no longer inviting `to`. */
function seriesCancel(change: BookingChange, to: Invitee, master: EventInput, sequence: number): Message {
  const booking = change.before!.booking;
  const dropped = !!change.after;
  return {
    method: ICalCalendarMethod.CANCEL,
    events: [
      { ...master, sequence, cancelled: true, attendees: dropped ? [to] : everyInvitee(change.before!) },
    ],
    subject: `Cancelled: ${master.title}`,
    headline: dropped
      ? `You are no longer invited to ${master.title}.`
      : `${master.title} has been cancelled.`,
    when: when(master.start, master.end, booking.timezone),
    repeats: repeats(booking),
  };
}

/** The CANCEL of occurrences (RECURRENCE-ID): deleted, or no longer inviting `to`. */
function occurrencesCancel(
  change: BookingChange,
  to: Invitee,
  events: EventInput[],
  regularAfter: ReadonlySet<string>,
  sequence: number,
): Message {
  const [first] = events.sort(byStart) as [EventInput];
  const remaining = new Set([
    ...regularAfter,
    ...(change.after?.occurrences ?? []).map((occurrence) => occurrence.recurrence_id),
  ]);
  const dropped = events.every((event) => remaining.has(event.recurrenceId!));
  const at = when(first.start, first.end, first.timezone);
  const headline =
    events.length > 1
      ? `${first.title}: ${events.length} occurrences have been cancelled for you.`
      : dropped
        ? `You are no longer invited to ${first.title} on ${at}.`
        : `${first.title} on ${at} has been cancelled.`;
  return {
    method: ICalCalendarMethod.CANCEL,
    events: events.map((event) => ({
      ...event,
      sequence,
      cancelled: true,
      attendees: dropped ? [to] : event.attendees,
    })),
    subject: `Cancelled: ${first.title}`,
    headline,
    when: at,
  };
}

const byStart = (a: EventInput, b: EventInput) => a.start.localeCompare(b.start);

/** Everyone a booking invites: to its series and to its occurrences changed on their own. */
function everyInvitee(state: BookingState): Invitee[] {
  const seen = new Set<string>();
  return [state.booking.invites_list, ...state.occurrences.map((o) => o.invites_list)]
    .flat()
    .filter((invitee) => !seen.has(addressOf(invitee)) && !!seen.add(addressOf(invitee)));
}

const organizerOf = (change: BookingChange) => change.organizer;

/** Where a booking or an occurrence is: its space and venue, as the change read them. */
function locationOf(change: BookingChange, place: { venue_id: string; space_id: string }): string {
  const space = change.places?.spaces.get(place.space_id) ?? change.space;
  const venue = change.places?.venues.get(place.venue_id) ?? change.venue;
  return `${space.title}, ${venue.name}`;
}

/** What the series' VEVENT carries besides its times: where, who organizes, who is invited. */
function commonOf(change: BookingChange, booking: BookingItem) {
  return {
    location: locationOf(change, booking),
    organizer: organizerOf(change),
    attendees: booking.invites_list,
  };
}

/** An occurrence changed on its own as the override of its slot, with its own place and invitees. */
function overrideOf(
  change: BookingChange,
  booking: BookingItem,
  occurrence: BookingOccurrenceItem,
): EventInput {
  return overrideEvent(booking, occurrence, {
    location: locationOf(change, occurrence),
    organizer: organizerOf(change),
    attendees: occurrence.invites_list,
  });
}

/** The end of an occurrence of the booking that starts at `start`: the booking's wall-clock length later. */
function endOf(booking: BookingItem, start: string): string {
  const length = parseWallTime(booking.end_date)! - parseWallTime(booking.start_date)!;
  return new Date(parseWallTime(start)! + length).toISOString().slice(0, 19).replace('T', ' ');
}

async function send(change: BookingChange, to: Invitee, message: Message): Promise<void> {
  const calendar = newCalendar({
    method: message.method,
  });
  for (const event of message.events) addEvent(calendar, event);
  const ics = calendar.toString();
  const [first] = message.events;
  const where = first?.location ?? `${change.space.title}, ${change.venue.name}`;
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
