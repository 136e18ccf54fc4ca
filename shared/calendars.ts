/**
 * Linked calendars' constants, without zod (the SPA's route table reads them, and every page
 * loads it): the providers whose calendars a venue links, their names, a linked account's states
 * and the spec's words (docs/product/client-area.md §8). The wire schemas are in ./schemas/calendars.ts.
 */

export const calendarProviders = ['google', 'microsoft'] as const;
export type CalendarProvider = (typeof calendarProviders)[number];
export const calendarProviderNames: Record<CalendarProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

/** A linked account's state: 'Reconnect needed' once the provider has withdrawn the grant. */
export const calendarAccountStates = ['Connected', 'Reconnect needed'] as const;
export type CalendarAccountState = (typeof calendarAccountStates)[number];

/** The spec's words (docs/product/client-area.md §8), and ours where it has none. */
export const calendarMessages = {
  removeConfirm: 'By removing the linked account no newly created bookings will be synced. Proceed?',
  removed: 'Third-party account removed',
  unlinked: 'Third Party unlinked',
  linked: 'Calendar account linked',
  notInPackage: 'Your package does not include third-party calendar integration',
  reconnect: 'Reconnect needed',
} as const;
