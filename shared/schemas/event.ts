import * as z from 'zod';
import { email, optionalText, requiredText } from './common';
import {
  blankToUndefined,
  eventTimingFields,
  integer,
  recurEndTypes,
  recurTypes,
  wallTime,
} from './event-timing';
import type { RecurEndType } from './event-timing';
import { messages } from './messages';
import {
  OCCURRENCE_LIMIT,
  RecurrenceError,
  countOccurrences,
  parseRecurOn,
  recurrenceMessages,
} from '../recurrence';
import { parseLocalDate, parseWallTime } from '../wall-time';

export {
  RECUR_INTERVAL_MAX,
  RECUR_INTERVAL_MIN,
  recurEndTypes,
  recurTypes,
  weekdayCodes,
  yesNo,
} from './event-timing';
export type { EventTiming, RecurEndType, RecurType, WeekdayCode } from './event-timing';

/** Scopes of an edit or delete of a recurring event ('Apply update on'). */
export const applicableScopes = ['THIS', 'FOLLOWING', 'ALL'] as const;
/** One of {@link applicableScopes}. */
export type ApplicableScope = (typeof applicableScopes)[number];

/** Messages of the event form beyond the generic catalogue (docs/product/client-area.md §5). */
const eventMessages = {
  endBeforeStart: 'End date must be greater than start date',
  ...recurrenceMessages,
} as const;

/** The most invitees one booking may have: with the booking and its guards, one transaction holds them. */
export const MAX_INVITEES = 50;

const invite = z
  .object({
    name: z
      .string({ error: messages.invalid })
      .trim()
      .max(100, { error: messages.maxLength(100) })
      .optional(),
    email: z
      .string({ error: messages.invalid })
      .trim()
      .max(100, { error: messages.maxLength(100) })
      .optional(),
  })
  .superRefine((row, ctx) => {
    if (!row.email && !row.name) return; // a blank row: dropped below
    const result = email.safeParse(row.email ?? '');
    if (!result.success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: result.error.issues[0]?.message });
  });

/**
 * Invitees: rows of `{ name, email }`. Blank rows (no name, no e-mail) are dropped after validation, so an error keeps
 * the index of the row the form shows. E-mails are lower-cased and a repeated address is kept once.
 */
const invitesList = z
  .array(invite, { error: messages.invalid })
  .max(MAX_INVITEES, { error: `A booking may invite at most ${MAX_INVITEES} people` })
  .default([])
  .transform((rows) => {
    const seen = new Set<string>();
    const invites: Array<{ name?: string; email: string }> = [];
    for (const row of rows) {
      const address = row.email?.toLowerCase();
      if (!address || seen.has(address)) continue;
      seen.add(address);
      invites.push(row.name ? { name: row.name, email: address } : { email: address });
    }
    return invites;
  });

const eventFields = z.object({
  venue: requiredText(100),
  space: requiredText(100),
  title: requiredText(255),
  description: optionalText(5000),
  ...eventTimingFields.shape,
  invites_list: invitesList,
  applicable: z.preprocess(
    blankToUndefined,
    z.enum(applicableScopes, { error: messages.invalid }).optional(),
  ),
  /**
   * A change of a recurring booking: the original start of the occurrence it was made on (the
   * `occurrence_start` of the booking lists), which THIS and FOLLOWING start from.
   */
  occurrence_start: z.preprocess(blankToUndefined, wallTime.optional()),
});

type EventFields = z.output<typeof eventFields>;
type Issue = { path: [keyof EventFields]; message: string };

function endAfterStart(value: Partial<Record<keyof EventFields, unknown>>): Issue[] {
  const start = typeof value.start_date === 'string' ? parseWallTime(value.start_date) : undefined;
  const end = typeof value.end_date === 'string' ? parseWallTime(value.end_date) : undefined;
  if (start === undefined || end === undefined || end > start) return [];
  return [{ path: ['end_date'], message: eventMessages.endBeforeStart }];
}

/** `recur_end` as its end type reads it: a real date for ON, a whole count 1..limit for AFTER. */
function recurEndIssue(type: RecurEndType, end: string | number): string | undefined {
  if (type === 'ON')
    return typeof end === 'string' && parseLocalDate(end) !== undefined ? undefined : messages.invalid;
  const count = integer.safeParse(end);
  if (!count.success) return messages.invalid;
  if (count.data < 1) return messages.min(1);
  return count.data > OCCURRENCE_LIMIT ? messages.max(OCCURRENCE_LIMIT) : undefined;
}

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return list.includes(value as T);
}

/** Reads fields defensively: this runs even when some of them failed their own checks. */
function recurrenceIssues(value: Partial<Record<keyof EventFields, unknown>>): Issue[] {
  if (value.recurring !== 'Yes') return [];
  const issues: Issue[] = [];
  const need = ['recur_interval', 'recur_type', 'recur_end_type', 'recur_end'] as const;
  for (const field of need)
    if (value[field] === undefined) issues.push({ path: [field], message: messages.required });
  const recurOn = value.recur_on;
  if (isOneOf(recurTypes, value.recur_type) && (recurOn === undefined || typeof recurOn === 'string')) {
    if (parseRecurOn(value.recur_type, recurOn) === undefined)
      issues.push({ path: ['recur_on'], message: messages.invalid });
  }
  const end = value.recur_end;
  if (isOneOf(recurEndTypes, value.recur_end_type) && (typeof end === 'string' || typeof end === 'number')) {
    const endIssue = recurEndIssue(value.recur_end_type, end);
    if (endIssue) issues.push({ path: ['recur_end'], message: endIssue });
  }
  return issues;
}

/** The series' size, checked once every field it depends on is valid. */
function seriesSizeIssues(value: EventFields): Issue[] {
  try {
    const size = countOccurrences(normalise(value));
    if (size === 0) return [{ path: ['recur_end'], message: recurrenceMessages.empty }];
    return size > OCCURRENCE_LIMIT ? [{ path: ['recur_end'], message: recurrenceMessages.limit }] : [];
  } catch (error) {
    if (error instanceof RecurrenceError)
      return [{ path: [error.field as keyof EventFields], message: error.message }];
    throw error;
  }
}

/** Drops recurrence fields a single event does not use, and `recur_on` where its type ignores it; types `recur_end`. */
function normalise(value: EventFields): EventFields {
  if (value.recurring === 'No') {
    const {
      recur_interval: _i,
      recur_type: _t,
      recur_on: _o,
      recur_end_type: _et,
      recur_end: _e,
      ...single
    } = value;
    return single;
  }
  const usesRecurOn = value.recur_type === 'WEEKLY' || value.recur_type === 'MONTHLY';
  return {
    ...value,
    recur_on: usesRecurOn && value.recur_on ? value.recur_on : undefined,
    recur_end: value.recur_end_type === 'AFTER' ? Number(value.recur_end) : value.recur_end,
  };
}

/**
 * The event form and the body of POST /client/booking and PUT /client/booking/{id} (docs/product/client-area.md §2 "Event form",
 * §3 "Booking / event", §5 "Event"). Field errors use the spec's messages; cross-field rules are checked even while
 * other fields are still wrong, so the form shows every error at once.
 *
 * The output is normalised: a single event carries no recurrence fields, `recur_on` is kept only for WEEKLY and
 * MONTHLY, `recur_end` is a `YYYY-MM-DD` string for ON and a number for AFTER, and blank invitee rows are gone.
 * The space's availability (see `availability.ts`) needs the space and is checked by the caller.
 */
export const eventSchema = eventFields
  .superRefine(
    (value, ctx) => {
      const partial = value as Partial<Record<keyof EventFields, unknown>>;
      const issues = [...endAfterStart(partial), ...recurrenceIssues(partial)];
      for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .superRefine((value, ctx) => {
    if (value.recurring !== 'Yes') return;
    for (const issue of seriesSizeIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .transform(normalise);

/** The event as the form holds it (before parsing). */
export type EventFormValues = z.input<typeof eventSchema>;
/** A valid event, normalised. */
export type EventInput = z.output<typeof eventSchema>;
/** One invitee. */
export type Invite = EventInput['invites_list'][number];
