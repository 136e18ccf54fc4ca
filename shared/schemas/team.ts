import * as z from 'zod';
import { accountUserFields, newAccountUserSchema } from './accounts';
import { activityEntrySchema, activityFilterSchema } from './activity';
import { checkedPasswordMaxLength, optionalText, password, requiredText, ulid } from './common';
import { messages } from './messages';

/**
 * The Account section of the client area (docs/product/client-area.md §2 "Account management", §5, §7 "Account,
 * lookups, users", "Activity log"): the account's own details, its users, its activity log.
 */

/** PUT /client/account: what the Account Info box saves. */
export const clientAccountSchema = z.object({
  name: requiredText(30),
  address: requiredText(25),
  city: requiredText(25),
  state: optionalText(25),
  country: requiredText(25),
  zipcode: optionalText(20),
  /** Key of a logo uploaded with POST /client/uploads (purpose account-logo); left out keeps the logo. */
  logo_uri: optionalText(500),
});

/**
 * The fields of a user as the client area's user form sends them (docs/product/client-area.md §5): the admin
 * area's, except that last_name is required here (the admin spec does not require it).
 */
const teamUserFields = { ...accountUserFields, last_name: requiredText(30) };

/** POST /client/newuser: as the admin area's, with the password the new user signs in with. */
export const newTeamUserSchema = newAccountUserSchema.extend({ last_name: teamUserFields.last_name });

/** PUT /client/user/{id} without a new password: what the user form saves. */
export const teamUserChangesSchema = z.object({ ...teamUserFields, photo_uri: optionalText(500) });

/**
 * PUT /client/user/{id}: the user's fields; an Account Admin may also set another user's
 * password (`password` with `password_confirmation`), which ends that user's sessions. Their own
 * password is changed from their profile, with the current one (403 here).
 */
export const updateTeamUserSchema = teamUserChangesSchema
  .extend({
    password: password.optional(),
    password_confirmation: z
      .string({ error: messages.invalid })
      .max(checkedPasswordMaxLength, { error: messages.maxLength(checkedPasswordMaxLength) })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password === undefined && value.password_confirmation === undefined) return;
    if (value.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: messages.required });
    } else if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: messages.sameAs('Password') });
    }
  });

/** An IANA time zone name such as `Europe/London`, checked by the runtime's own zone data. */
const timeZone = z
  .string({ error: messages.invalid })
  .trim()
  .max(64, { error: messages.maxLength(64) })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'Field should be a time zone such as Europe/London' },
  );

/** Where the next page of a list starts: the `next_cursor` of the page before. */
const cursor = z.string({ error: messages.invalid }).max(1000, { error: messages.maxLength(1000) });

/**
 * GET (query) or POST (body) /client/activityLog: the dates are days as the account's people see
 * them, in `time_zone` (the browser's; UTC when left out), the last 30 days up to today (today
 * included) by default, at most 366 days both ends counted; `user_id` narrows the log to one user
 * of the account.
 */
export const teamActivityFilterSchema = activityFilterSchema.safeExtend({
  user_id: z
    .union([z.literal(''), ulid], { error: messages.invalid })
    .optional()
    .transform((value) => value || undefined),
  time_zone: timeZone.optional(),
  cursor: cursor.optional(),
});
export type TeamActivityFilter = z.input<typeof teamActivityFilterSchema>;

/** How many entries one page of the activity log holds at most. */
export const activityPageSize = 100;

/** One page of the activity log, newest first; `next_cursor` is null on the last page. */
export const activityPageSchema = z.object({
  data: z.array(activityEntrySchema),
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
