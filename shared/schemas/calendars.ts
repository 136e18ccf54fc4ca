import * as z from 'zod';
import { ulid } from './common';
import { calendarAccountStates, calendarProviders } from '../calendars';
import { messages } from './messages';

/**
 * Linked calendars (docs/product/client-area.md §1, §2 venue and space forms, §3 "Connected calendar account",
 * §4 "Space calendar sync", §7 Venues and Spaces): a venue links Google or Microsoft accounts; a
 * space syncs with one calendar of its venue's accounts.
 */

export {
  calendarAccountStates,
  calendarMessages,
  calendarProviderNames,
  calendarProviders,
  type CalendarAccountState,
  type CalendarProvider,
} from '../calendars';

export const calendarSchema = z.object({ id: z.string(), title: z.string() });
export type LinkedCalendar = z.infer<typeof calendarSchema>;

/** docs/product/client-area.md §3 "Connected calendar account", with its state. */
export const calendarAccountSchema = z.object({
  id: z.string(),
  venue_id: z.string(),
  provider: z.enum(calendarProviders),
  email: z.string(),
  /** The provider's id of the person (their subject). */
  cal_account_id: z.string(),
  calendars: z.array(calendarSchema),
  status: z.enum(calendarAccountStates),
  /** Why it needs reconnecting, in words, when it does. */
  status_reason: z.string().nullable(),
  created_at: z.string(),
});
export type CalendarAccount = z.infer<typeof calendarAccountSchema>;

/** GET /client/calendar/available/{venueId}: the calendars a space of the venue may sync with. */
export const availableCalendarSchema = z.object({
  calendar_account_id: z.string(),
  provider: z.enum(calendarProviders),
  email: z.string(),
  calendar_id: z.string(),
  calendar_title: z.string(),
});
export type AvailableCalendar = z.infer<typeof availableCalendarSchema>;

/**
 * POST /client/calendar/auth/{venueId}, form-encoded (docs/product/client-area.md §7): the code the provider sent
 * to the popup's return page, and which provider it is from.
 */
export const calendarAuthSchema = z.object({
  token: z
    .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
    .trim()
    .min(1, { error: messages.required })
    .max(4096, { error: messages.maxLength(4096) }),
  provider: z.enum(calendarProviders, { error: messages.invalid }),
});
export type CalendarAuthInput = z.input<typeof calendarAuthSchema>;

export const calendarVenueParams = z.object({ venueId: ulid });
export const calendarAccountParams = z.object({ accountId: ulid });
export const calendarSpaceParams = z.object({ spaceId: ulid });

/** What the venue form's buttons ask of each provider (GET /client/calendar/providers). */
export const calendarLinkConfigSchema = z.object({
  providers: z.array(
    z.object({
      provider: z.enum(calendarProviders),
      authorization_endpoint: z.string(),
      client_id: z.string(),
      scope: z.string(),
      /** Extra query parameters the provider wants for a refresh token (Google's `access_type`). */
      extra: z.record(z.string(), z.string()),
    }),
  ),
});
export type CalendarLinkConfig = z.infer<typeof calendarLinkConfigSchema>;
