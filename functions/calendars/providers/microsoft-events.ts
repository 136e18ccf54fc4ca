import { DateTime } from 'luxon';
import type { ExternalChange, PushedEvent, WallTime } from './provider';

/**
 * Microsoft Graph's event resource as the client (microsoft.ts) writes and reads it: a booking as
 * an event with a patternedRecurrence converted from its RRULE and the booking id in a
 * single-value extended property, and calendarView delta items as changes.
 *
 * Attendees are never sent: Graph e-mails an invitation to each attendee of an event it creates
 * (there is no switch to stop it), and the product sends its own (functions/bookings/invitations.ts).
 * The invitees are named in the body instead, on a line after the description.
 */

/** A named property in the product's own property set (a fixed GUID), carrying the booking id. */
export const BOOKING_PROPERTY = 'String {a350f8a4-33b4-4a47-93a5-537d037046bb} Name spacesBookingId';
/**
 * A transactionId the product gives: a booking id (a ULID), for the booking's event, or a booking
 * id and an original start (`<ULID>.<YYYYMMDDTHHMMSS>`, see {@link singleTransactionId}) for an
 * event written beside it.
 */
const TRANSACTION = /^([0-9A-HJKMNP-TV-Z]{26})(?:\.\d{8}T\d{6})?$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const WALL_FORMAT = "yyyy-MM-dd'T'HH:mm:ss";

export interface GraphTime {
  dateTime: string;
  timeZone: string;
}

export interface PatternedRecurrence {
  pattern: Record<string, unknown> & { type: string; interval: number; daysOfWeek?: string[] };
  range: Record<string, unknown> & { type: string; startDate: string };
}

export interface GraphEvent {
  id: string;
  type?: string;
  subject?: string;
  body?: { content?: string };
  location?: { displayName?: string };
  start?: GraphTime;
  end?: GraphTime;
  recurrence?: PatternedRecurrence | null;
  seriesMasterId?: string | null;
  originalStart?: string;
  isCancelled?: boolean;
  transactionId?: string | null;
  singleValueExtendedProperties?: Array<{ id: string; value: string }>;
  '@removed'?: unknown;
}

export interface Page<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

const WEEKDAYS: Record<string, string> = {
  MO: 'monday',
  TU: 'tuesday',
  WE: 'wednesday',
  TH: 'thursday',
  FR: 'friday',
  SA: 'saturday',
  SU: 'sunday',
};
const INDEXES: Record<string, string> = {
  '1': 'first',
  '2': 'second',
  '3': 'third',
  '4': 'fourth',
  '-1': 'last',
};
/** Days a period of each pattern lasts at most: the range of a numbered series is bounded by it. */
const PERIOD_DAYS: Record<string, number> = {
  daily: 1,
  weekly: 7,
  absoluteMonthly: 31,
  relativeMonthly: 31,
  absoluteYearly: 366,
  relativeYearly: 366,
};
const RULE_PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'UNTIL',
  'COUNT',
  'WKST',
]);

/**
 * Graph's patternedRecurrence of an RRULE whose first occurrence starts at `start` (wall time of
 * `zone`): DAILY, WEEKLY (BYDAY, WKST as `firstDayOfWeek`), MONTHLY and YEARLY on a day of the
 * month or on an nth weekday (`BYDAY=2TU`, or `BYDAY=TU;BYSETPOS=2`); UNTIL ends on its date in
 * `zone`, COUNT after that many. A rule Graph cannot express is an error: a fifth weekday, every
 * weekday of a month, BYHOUR…, and a day of the month past the 28th (or the 29th of February),
 * which Graph moves to a shorter month's last day where RFC 5545 skips the month.
 */
export function patternedRecurrence(rrule: string, start: WallTime, zone: string): PatternedRecurrence {
  const unsupported = () => new Error(`A Microsoft calendar cannot repeat as ${rrule}`);
  const parts = new Map(
    rrule.split(';').map((part) => {
      const [name = '', value = ''] = part.split('=');
      return [name.trim().toUpperCase(), value.trim().toUpperCase()] as const;
    }),
  );
  if ([...parts.keys()].some((name) => !RULE_PARTS.has(name))) throw unsupported();
  const first = DateTime.fromISO(start, { zone });
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const byDay = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter(Boolean)
    .map((day) => /^([+-]?\d)?([A-Z]{2})$/.exec(day));
  const daysOfWeek = byDay.map((match) => WEEKDAYS[match?.[2] ?? '']);
  if (!first.isValid || !(interval >= 1) || daysOfWeek.some((day) => day === undefined)) throw unsupported();
  const days = daysOfWeek as string[];
  // The nth weekday: an ordinal on BYDAY (the same for every day) or BYSETPOS.
  const ordinals = new Set(byDay.map((match) => match?.[1]).filter((ordinal) => ordinal !== undefined));
  const ordinal = ordinals.size > 1 ? 'several' : ([...ordinals][0] ?? parts.get('BYSETPOS'));
  const index = ordinal === undefined ? undefined : INDEXES[ordinal.replace(/^\+/, '')];
  const monthDay = Number(parts.get('BYMONTHDAY') ?? first.day);
  const month = Number(parts.get('BYMONTH') ?? first.month);
  if ((ordinal !== undefined && (!index || days.length === 0)) || !(monthDay >= 1 && monthDay <= 31))
    throw unsupported();
  // Monthly and yearly rules on weekdays need the nth; "every Monday of the month" has no pattern.
  const relative = index !== undefined;
  if (!relative && days.length > 0 && parts.get('FREQ') !== 'WEEKLY') throw unsupported();
  const absolute = !relative && (parts.get('FREQ') === 'MONTHLY' || parts.get('FREQ') === 'YEARLY');
  const shortened = parts.get('FREQ') === 'MONTHLY' ? monthDay > 28 : month === 2 && monthDay > 28;
  if (absolute && shortened) throw unsupported();

  const patterns: Record<string, PatternedRecurrence['pattern']> = {
    DAILY: { type: 'daily', interval },
    WEEKLY: {
      type: 'weekly',
      interval,
      daysOfWeek: days.length > 0 ? days : [Object.values(WEEKDAYS)[first.weekday - 1]!],
      // RFC 5545's weeks start on WKST, Monday unless it says.
      firstDayOfWeek: WEEKDAYS[parts.get('WKST') ?? 'MO'] ?? 'monday',
    },
    MONTHLY: relative
      ? { type: 'relativeMonthly', interval, daysOfWeek: days, index }
      : { type: 'absoluteMonthly', interval, dayOfMonth: monthDay },
    YEARLY: relative
      ? { type: 'relativeYearly', interval, month, daysOfWeek: days, index }
      : { type: 'absoluteYearly', interval, month, dayOfMonth: monthDay },
  };
  const pattern = patterns[parts.get('FREQ') ?? ''];
  if (!pattern) throw unsupported();

  const until = parts.get('UNTIL');
  const count = parts.get('COUNT');
  let end: { type: string } & Record<string, unknown> = { type: 'noEnd' };
  if (until) {
    const last = DateTime.fromFormat(
      until.replace(/Z$/, ''),
      until.includes('T') ? "yyyyMMdd'T'HHmmss" : 'yyyyMMdd',
      {
        zone: until.endsWith('Z') ? 'UTC' : zone,
      },
    );
    if (!last.isValid) throw unsupported();
    end = { type: 'endDate', endDate: last.setZone(zone).toISODate() };
  } else if (count) end = { type: 'numbered', numberOfOccurrences: Number(count) };
  return { pattern, range: { ...end, startDate: first.toISODate()!, recurrenceTimeZone: zone } };
}

/** A bound after the series' last occurrence starts, or undefined when it has no end. */
export function seriesBound(recurrence: PatternedRecurrence, first: DateTime): DateTime | undefined {
  const { pattern, range } = recurrence;
  if (range.type === 'endDate')
    return DateTime.fromISO(String(range.endDate), { zone: first.zone }).plus({ days: 2 });
  if (range.type !== 'numbered') return undefined;
  const days = Number(range.numberOfOccurrences) * pattern.interval * (PERIOD_DAYS[pattern.type] ?? 366);
  return first.plus({ days: days + 2 });
}

const utcIso = (time: GraphTime | undefined): string | undefined => {
  if (!time) return undefined;
  const zone = DateTime.now().setZone(time.timeZone).isValid ? time.timeZone : 'UTC';
  const at = DateTime.fromISO(time.dateTime, { zone });
  return at.isValid ? at.toUTC().toISO()! : undefined;
};

/**
 * The booking id of an event the product wrote: its extended property when Graph returns it (only
 * on request, and never by delta), else read from its transactionId (the booking's event, or one
 * written beside it).
 */
export function bookingOf(item: GraphEvent): string | undefined {
  const property = item.singleValueExtendedProperties?.find(
    (candidate) => candidate.id.toLowerCase() === BOOKING_PROPERTY.toLowerCase(),
  );
  if (property) return ULID.test(property.value) ? property.value : undefined;
  return TRANSACTION.exec(item.transactionId ?? '')?.[1];
}

/**
 * The transactionId of an event written beside a booking's series for the occurrence first due at
 * `originalStart`: the same at every attempt, so a retried POST answers the event made before.
 */
export const singleTransactionId = (bookingId: string, originalStart: WallTime) =>
  `${bookingId}.${originalStart.replace(/[-:]/g, '')}`;

/**
 * A delta item as a change: removed or cancelled, or an instance (single, occurrence, exception).
 * An occurrence's booking is its series master's (`seriesBookings`).
 */
export function changeOf(
  item: GraphEvent,
  seriesBookings: ReadonlyMap<string, string | undefined>,
): ExternalChange | undefined {
  const seriesId = item.seriesMasterId ? { seriesId: item.seriesMasterId } : {};
  if (item['@removed'] !== undefined || item.isCancelled)
    return { type: 'cancelled', id: item.id, ...seriesId };
  const startAt = utcIso(item.start);
  const endAt = utcIso(item.end);
  if (item.type === 'seriesMaster' || !startAt || !endAt) return undefined;
  const bookingId = item.seriesMasterId ? seriesBookings.get(item.seriesMasterId) : bookingOf(item);
  return {
    type: 'instance',
    instance: {
      id: item.id,
      ...seriesId,
      title: item.subject ?? '',
      startAt,
      endAt,
      ...(bookingId ? { bookingId } : {}),
    },
  };
}

/** The body's text: the description, then a line naming the invitees (`Invitees: Ada <ada@…>, …`). */
function bodyText(description: string | undefined, attendees: PushedEvent['attendees']): string {
  const invitees = attendees.map(({ name, email }) => (name ? `${name} <${email}>` : email)).join(', ');
  return [description ?? '', invitees ? `Invitees: ${invitees}` : ''].filter(Boolean).join('\n\n');
}

/** The fields a person sees, of the series or of one occurrence. No attendees (see above). */
export function details(
  event: PushedEvent,
  shown: Pick<PushedEvent, 'title' | 'description' | 'start' | 'end' | 'attendees'>,
) {
  return {
    subject: shown.title,
    body: { contentType: 'text', content: bodyText(shown.description, shown.attendees) },
    location: { displayName: event.location ?? '' },
    start: { dateTime: shown.start, timeZone: event.timezone },
    end: { dateTime: shown.end, timeZone: event.timezone },
  };
}

type GraphBody = ReturnType<typeof details> & {
  recurrence: PatternedRecurrence | null;
  singleValueExtendedProperties: Array<{ id: string; value: string }>;
};

/**
 * The booking's recurrence in Graph: `null` for a single event, `undefined` for a rule Graph cannot
 * express (the series is then written as its occurrences).
 */
export function recurrenceOf(event: PushedEvent): PatternedRecurrence | null | undefined {
  if (!event.rrule) return null;
  try {
    return patternedRecurrence(event.rrule, event.start, event.timezone);
  } catch {
    return undefined;
  }
}

/** The booking's event (`recurrence` from {@link recurrenceOf}), or one occurrence of it as an event of its own. */
export function bodyOf(
  event: PushedEvent,
  recurrence: PatternedRecurrence | null,
  shown: Parameters<typeof details>[1] = event,
): GraphBody {
  return {
    ...details(event, shown),
    recurrence,
    singleValueExtendedProperties: [{ id: BOOKING_PROPERTY, value: event.bookingId }],
  };
}

/** Whether a stored event already shows `body` (what a repeated transactionId answers may not). */
export function shows(answer: GraphEvent, body: GraphBody): boolean {
  const instant = (time: GraphTime | undefined) => (time ? utcIso(time) : undefined);
  const rule = (recurrence: PatternedRecurrence | null | undefined) => {
    if (!recurrence) return '';
    const { pattern, range } = recurrence;
    return JSON.stringify([
      pattern.type,
      pattern.interval,
      [...(pattern.daysOfWeek ?? [])].sort(),
      pattern.type.startsWith('absolute') ? pattern.dayOfMonth : undefined,
      pattern.type.endsWith('Yearly') ? pattern.month : undefined,
      pattern.type.startsWith('relative') ? pattern.index : undefined,
      range.type,
      range.startDate,
      range.type === 'endDate' ? range.endDate : undefined,
      range.type === 'numbered' ? range.numberOfOccurrences : undefined,
    ]);
  };
  return (
    answer.subject === body.subject &&
    (answer.body?.content ?? '') === body.body.content &&
    (answer.location?.displayName ?? '') === body.location.displayName &&
    instant(answer.start) === instant(body.start) &&
    instant(answer.end) === instant(body.end) &&
    rule(answer.recurrence) === rule(body.recurrence)
  );
}
