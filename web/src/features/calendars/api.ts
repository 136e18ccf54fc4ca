import type { ScopedMutator } from 'swr';
import { calendarsRoutes } from '@shared/api/calendars-routes';
import { spacesRoutes } from '@shared/api/spaces-routes';
import type { CalendarProvider } from '@shared/schemas/calendars';
import { callRoute, pathOf } from '../../api/call';
import { ApiError } from '../../api/client';
import { useRouteUnlessRefused, venuePaths } from '../venues/api';

/**
 * Linked calendars (docs/product/client-area.md §7 "Venues", "Spaces"): the accounts linked to a venue and the
 * calendars its spaces may sync with, as venues/api.ts does the rest. A refusal (403: the
 * package has no third-party integration, or the role may not) is not toasted: what asked hides.
 * A module of its own: the venue and space panels need it, the venues page does not (web/budgets.ts).
 */

/** Whether a read failed because the API refuses it to this person (the asker then hides). */
export const refused = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The providers whose accounts can be linked, and what each one's popup asks for. */
export function useCalendarLinkConfig() {
  return useRouteUnlessRefused(calendarsRoutes['get-link-config'], {});
}
/** The venue's linked accounts with their calendars and state. */
export function useCalendarAccounts(venueId: string) {
  return useRouteUnlessRefused(calendarsRoutes['list-accounts'], { params: { venueId } });
}
/** The calendars a space of the venue may sync with (null: nothing is fetched). */
export function useAvailableCalendars(venueId: string | null) {
  return useRouteUnlessRefused(calendarsRoutes['list-available'], venueId ? { params: { venueId } } : null);
}

/** Links the account the provider's code stands for; sent form-encoded, as the contract has it. */
export const linkCalendarAccount = (venueId: string, token: string, provider: CalendarProvider) =>
  callRoute(calendarsRoutes['link-account'], {
    params: { venueId },
    body: new URLSearchParams({ token, provider }),
  });
export const removeCalendarAccount = (accountId: string) =>
  callRoute(calendarsRoutes['remove-account'], { params: { accountId } });
export const unlinkSpaceCalendar = (spaceId: string) =>
  callRoute(spacesRoutes['unlink-space-calendar'], { params: { spaceId } });

/**
 * After an account is linked or removed: the venue's accounts and calendars, and the spaces (a
 * removed account's spaces stop syncing).
 */
export function revalidateCalendars(mutate: ScopedMutator, venueId: string): Promise<unknown> {
  return Promise.all(
    [
      pathOf(calendarsRoutes['list-accounts'], { params: { venueId } }),
      pathOf(calendarsRoutes['list-available'], { params: { venueId } }),
      venuePaths.spaces,
      venuePaths.recentSpaces,
    ].map((key) => mutate(key)),
  );
}
