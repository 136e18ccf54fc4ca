import * as z from 'zod';
import { isoDate } from './common';
import { messages } from './messages';

/** Activity log entries (docs/product/admin-and-auth.md §3, docs/product/client-area.md §3) and their filters. */
export const activityComponents = [
  'Account',
  'User',
  'License',
  'Package',
  'Banner',
  'Amenities',
  'Space Type',
  'Venue Type',
  'Admin',
  'Venue',
  'Space',
  'Screen',
  'Booking',
] as const;

/** The longest range one request may ask for, in days counted with both ends. */
export const maxActivityDays = 366;

const dayMs = 86_400_000;
/** How many days `from`…`to` (YYYY-MM-DD) covers, both ends counted: a day alone is 1. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;

/** Left out or blank (a cleared date field, the filter's "all"): the default. */
const orBlank = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema], { error: messages.invalid })
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | undefined)));

/**
 * `from_date`/`to_date` default to the last 30 days up to today, today included (today − 29 …
 * today); `to_date` not before `from_date`, the range at most 366 days with both ends counted
 * (2025-01-01 … 2026-01-01); `component` one of the filter's, or all when left out.
 */
export const activityFilterSchema = z
  .object({
    from_date: orBlank(isoDate),
    to_date: orBlank(isoDate),
    component: orBlank(z.enum(activityComponents, { error: messages.invalid })),
  })
  .superRefine((value, ctx) => {
    if (!value.from_date || !value.to_date) return;
    if (value.to_date < value.from_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: 'The end date must not be before the start date',
      });
    } else if (daysInRange(value.from_date, value.to_date) > maxActivityDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['to_date'],
        message: `The range may span at most ${maxActivityDays} days`,
      });
    }
  });
export type ActivityFilter = z.input<typeof activityFilterSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  user: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    user_role: z.string().nullable(),
    photo_uri: z.string().nullable(),
    /** A presigned GET URL of the photo (valid an hour), or null. */
    photo_url: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The super admin who made the change while impersonating the user, if any. */
  impersonated_by: z.object({ id: z.string(), email: z.string() }).nullable(),
  component: z.string(),
  component_id: z.string(),
  activity: z.string(),
  time: z.iso.datetime(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
