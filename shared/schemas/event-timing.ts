import * as z from 'zod';
import { messages } from './messages';
import { parseWallTime } from '../wall-time';

/**
 * The fields of the event form that place its occurrences in time, and their vocabulary. The recurrence engine
 * (`recurrence.ts`) reads them and the event schema (`event.ts`) validates them with the engine's rules, so they live
 * here, apart from both: `shared/` keeps no import cycle.
 */

/** Recurrence types (docs/product/client-area.md §3, §9). */
export const recurTypes = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/** Recurrence end types: ON a date, AFTER a number of occurrences. */
export const recurEndTypes = ['ON', 'AFTER'] as const;
/** Weekday codes, Monday first (weeks start on Monday). */
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** Values of `recurring`. */
export const yesNo = ['Yes', 'No'] as const;

/** One of {@link recurTypes}. */
export type RecurType = (typeof recurTypes)[number];
/** One of {@link recurEndTypes}. */
export type RecurEndType = (typeof recurEndTypes)[number];
/** One of {@link weekdayCodes}. */
export type WeekdayCode = (typeof weekdayCodes)[number];

/** The most occurrences one series may have (`recur_end` of AFTER, and any series). */
export const OCCURRENCE_LIMIT = 1000;

/** Lower bound of `recur_interval` (docs/product/client-area.md §9; 0 means 1). */
export const RECUR_INTERVAL_MIN = 0;
/** Upper bound of `recur_interval` (docs/product/client-area.md §9). */
export const RECUR_INTERVAL_MAX = 365;

const requiredOrInvalid = (issue: { input: unknown }) =>
  issue.input == null ? messages.required : messages.invalid;

/** A local date-time `YYYY-MM-DD HH:mm:ss` that exists. */
export const wallTime = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: messages.required })
  .max(19, { error: messages.invalid })
  .refine((value) => parseWallTime(value) !== undefined, { error: messages.invalid });

/** Blank form values ('' or null) count as absent. */
export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Digits a form sends for a number, as the number. */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** An integer, also when a form sends it as digits. */
export const integer = z.preprocess(
  digitsToNumber,
  z.number({ error: messages.invalid }).int({ error: messages.invalid }),
);

/** The timing fields of the event form, each checked on its own (`event.ts` adds the rules across fields). */
export const eventTimingFields = z.object({
  start_date: wallTime,
  end_date: wallTime,
  recurring: z.preprocess(blankToUndefined, z.enum(yesNo, { error: messages.invalid }).default('No')),
  recur_interval: z.preprocess(
    blankToUndefined,
    z
      .preprocess(
        digitsToNumber,
        z
          .number({ error: messages.invalid })
          .int({ error: messages.invalid })
          .min(RECUR_INTERVAL_MIN, { error: messages.min(RECUR_INTERVAL_MIN) })
          .max(RECUR_INTERVAL_MAX, { error: messages.max(RECUR_INTERVAL_MAX) }),
      )
      .optional(),
  ),
  recur_type: z.preprocess(blankToUndefined, z.enum(recurTypes, { error: messages.invalid }).optional()),
  // At most every weekday, comma-separated (`MO,TU,WE,TH,FR,SA,SU`), with room for spaces.
  recur_on: z.preprocess(
    blankToUndefined,
    z.string({ error: messages.invalid }).trim().max(50, { error: messages.invalid }).optional(),
  ),
  recur_end_type: z.preprocess(
    blankToUndefined,
    z.enum(recurEndTypes, { error: messages.invalid }).optional(),
  ),
  recur_end: z.preprocess(
    blankToUndefined,
    // A date `YYYY-MM-DD` (ON), or a count of occurrences (AFTER), 1 to the series' limit.
    z
      .union(
        [
          z.string().trim().max(10),
          z
            .number()
            .min(1, { error: messages.min(1) })
            .max(OCCURRENCE_LIMIT, { error: messages.max(OCCURRENCE_LIMIT) }),
        ],
        { error: messages.invalid },
      )
      .optional(),
  ),
});

/** The fields that place an event's occurrences in time (as the event schema outputs them), plus the venue's IANA time zone. */
export type EventTiming = z.output<typeof eventTimingFields> & { timezone: string };
