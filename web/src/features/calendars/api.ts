import useSWR, { type ScopedMutator } from 'swr';
import type {
  AvailableCalendar,
  CalendarAccount,
  CalendarLinkConfig,
  CalendarProvider,
} from '@shared/schemas/calendars';
import type { Space } from '@shared/schemas/venues';
import { api, ApiError } from '../../api/client';
import { fetchUnlessRefused, venuePaths } from '../venues/api';

/**
 * Linked calendars (docs/product/client-area.md §7 "Venues", "Spaces"): the accounts linked to a venue and the
 * calendars its spaces may sync with, as client-venues.ts does the rest. A refusal (403: the
 * package has no third-party integration, or the role may not) is not toasted: what asked hides.
 * A module of its own: the venue and space panels need it, the venues page does not (web/budgets.ts).
 */
export const calendarPaths = {
  providers: '/client/calendar/providers',
  link: (venueId: string) => `/client/calendar/auth/${venueId}`,
  accounts: (venueId: string) => `/client/calendar/accounts/${venueId}`,
  available: (venueId: string) => `/client/calendar/available/${venueId}`,
  remove: (accountId: string) => `/client/calendar/remove/${accountId}`,
  unlink: (spaceId: string) => `/client/calendar/unlink/${spaceId}`,
} as const;

/** Whether a read failed because the API refuses it to this person (the asker then hides). */
export const refused = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The providers whose accounts can be linked, and what each one's popup asks for. */
export function useCalendarLinkConfig() {
  return useSWR<CalendarLinkConfig, unknown>(calendarPaths.providers, fetchUnlessRefused);
}
/** The venue's linked accounts with their calendars and state. */
export function useCalendarAccounts(venueId: string) {
  return useSWR<CalendarAccount[], unknown>(calendarPaths.accounts(venueId), fetchUnlessRefused);
}
/** The calendars a space of the venue may sync with (null: nothing is fetched). */
export function useAvailableCalendars(venueId: string | null) {
  return useSWR<AvailableCalendar[], unknown>(
    venueId ? calendarPaths.available(venueId) : null,
    fetchUnlessRefused,
  );
}

/** Links the account the provider's code stands for; sent form-encoded, as the contract has it. */
export const linkCalendarAccount = (venueId: string, token: string, provider: CalendarProvider) =>
  api.post<CalendarAccount>(calendarPaths.link(venueId), new URLSearchParams({ token, provider }));
export const removeCalendarAccount = (accountId: string) => api.post<null>(calendarPaths.remove(accountId));
export const unlinkSpaceCalendar = (spaceId: string) => api.post<Space>(calendarPaths.unlink(spaceId));

/**
 * After an account is linked or removed: the venue's accounts and calendars, and the spaces (a
 * removed account's spaces stop syncing).
 */
export function revalidateCalendars(mutate: ScopedMutator, venueId: string): Promise<unknown> {
  return Promise.all(
    [
      calendarPaths.accounts(venueId),
      calendarPaths.available(venueId),
      venuePaths.spaces,
      venuePaths.recentSpaces,
    ].map((key) => mutate(key)),
  );
}
