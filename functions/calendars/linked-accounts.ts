import { ulid } from 'ulid';
import {
  calendarMessages,
  calendarProviderNames,
  calendarProviders,
  type AvailableCalendar,
  type CalendarAccount,
  type CalendarAuthInput,
  type CalendarLinkConfig,
  type CalendarProvider,
} from '@shared/schemas/calendars';
import {
  dropExternalBookings,
  getCalendarAccount,
  listLinksOfCalendarAccount,
  listVenueCalendarAccounts,
  readVenueForCalendars,
  removeCalendarAccount,
  saveCalendarAccount,
} from './store';
import { getPackage } from '@core/people/account-store';
import type { CalendarAccountItem, PackageItem } from '@core/table/entities';
import { env } from '@core/env';
import { Conflict, Forbidden, Invalid, NotFound, ServiceUnavailable, Unauthorized } from '@core/errors';
import { logger } from '@core/logger';
import type { ClientPrincipal } from '@core/auth/principal';
import { assertActsOnVenue } from '../venues';
import { calendarClient } from './providers/clients';
import { GrantRefused, ProviderUnavailable } from './providers/provider';
import { forgetAccessToken } from './access';
import { sealToken } from './token-vault';
import { connectToStop, stopWatches } from './watches';

/**
 * Linking calendar accounts to a venue (docs/product/client-area.md §2 venue form, §7 Venues "Calendars"): the
 * venue form's popup gets a code from Google or Microsoft, the API exchanges it at the provider's
 * token endpoint (Cognito does not hand out provider tokens) and keeps the refresh token sealed
 * (token-vault.ts). Needs `3rdPartyAccountManage` on the venue (the route's permission, and an
 * Approved assignment for a Venue Manager) and a package with `third_party_integration`.
 */

/** 403 for a package without third-party integration (docs/product/admin-and-auth.md §3 Package). */
export function assertIntegration(pkg: Pick<PackageItem, 'third_party_integration'> | null): void {
  if ((pkg?.third_party_integration ?? 'Yes') !== 'Yes') throw new Forbidden(calendarMessages.notInPackage);
}

const managerOf = (principal: ClientPrincipal) =>
  principal.role === 'Account Admin' ? undefined : principal.userId;

/** The venue the caller manages calendars of, with the package checked (404 / 403). */
async function calendarVenue(principal: ClientPrincipal, venueId: string) {
  const found = await readVenueForCalendars(
    principal.accountId,
    venueId,
    managerOf(principal),
    principal.account.package_id,
  );
  const venue = assertActsOnVenue(principal, found.venue, found.assignment);
  assertIntegration(found.pkg);
  return venue;
}

function toCalendarAccount(item: CalendarAccountItem): CalendarAccount {
  return {
    id: item.calendar_account_id,
    venue_id: item.venue_id,
    provider: item.provider,
    email: item.email,
    cal_account_id: item.subject,
    calendars: item.calendars.map(({ id, title }) => ({ id, title })),
    status: item.status,
    status_reason: item.status_reason ?? null,
    created_at: item.created_at,
  };
}

/** A provider that cannot answer is a 503; one that refuses the code, a 401 with the reason. */
function providerFailure(provider: CalendarProvider, error: unknown): never {
  if (error instanceof GrantRefused) {
    logger.info('A calendar code was refused', { provider, error: error.message });
    throw new Unauthorized(
      `${calendarProviderNames[provider]} did not accept the sign-in. Please link the account again`,
    );
  }
  if (error instanceof ProviderUnavailable) {
    logger.warn('A calendar provider could not answer', { provider, error: error.message });
    throw new ServiceUnavailable(
      `${calendarProviderNames[provider]} could not be reached. Please try again in a moment.`,
    );
  }
  throw error;
}

/** The page the provider sends the popup back to (the SPA's return page). */
const calendarReturnPage = (provider: CalendarProvider) => `${env().APP_URL}/calendar/${provider}`;

/**
 * GET /client/calendar/providers: the providers configured here, and what their popup asks for
 * (403 for a package without third-party integration, as every calendar route).
 */
export async function calendarLinkConfig(principal: ClientPrincipal): Promise<CalendarLinkConfig> {
  assertIntegration(await getPackage(principal.account.package_id));
  const providers: CalendarLinkConfig['providers'] = [];
  for (const provider of calendarProviders) {
    try {
      const client = await calendarClient(provider);
      if (!client) continue;
      const { endpoint, clientId, scope, extra } = await client.authorization();
      providers.push({ provider, authorization_endpoint: endpoint, client_id: clientId, scope, extra });
    } catch (error) {
      // A provider whose registration or sign-in cannot be read right now is left out, not the others.
      logger.warn('A calendar provider could not be asked', { provider, error: (error as Error).message });
    }
  }
  return { providers };
}

/**
 * POST /client/calendar/auth/{venueId}: exchanges the popup's code and links the account to the
 * venue with the calendars it has. The same person linked again on the venue renews that link
 * (a fresh grant, 'Connected' again): never two of one person.
 */
export async function linkCalendarAccount(
  principal: ClientPrincipal,
  venueId: string,
  input: CalendarAuthInput,
): Promise<CalendarAccount> {
  const venue = await calendarVenue(principal, venueId);
  const provider = input.provider as CalendarProvider;
  const client = await calendarClient(provider);
  if (!client)
    throw new Invalid({ provider: `${calendarProviderNames[provider]} calendars cannot be linked here` });
  const grant = await client
    .exchangeCode(input.token, calendarReturnPage(provider))
    .catch((error: unknown) => providerFailure(provider, error));
  const calendars = await client
    .listCalendars(grant.accessToken)
    .catch((error: unknown) => providerFailure(provider, error));
  const existing = (await listVenueCalendarAccounts(principal.accountId, venue.venue_id)).find(
    (item) => item.provider === provider && item.subject === grant.subject,
  );
  const calendarAccountId = existing?.calendar_account_id ?? ulid();
  const now = new Date().toISOString();
  const item: CalendarAccountItem = {
    account_id: principal.accountId,
    calendar_account_id: calendarAccountId,
    venue_id: venue.venue_id,
    provider,
    email: grant.email,
    subject: grant.subject,
    calendars,
    status: 'Connected',
    sealed_token: await sealToken(grant.refreshToken, {
      accountId: principal.accountId,
      calendarAccountId,
    }),
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  forgetAccessToken(calendarAccountId);
  await saveCalendarAccount(item, {
    principal,
    component: 'Venue',
    componentId: venue.venue_id,
    activity: `${existing ? 'Reconnected' : 'Linked'} the ${calendarProviderNames[provider]} account ${grant.email} to ${venue.name}`,
  });
  return toCalendarAccount(item);
}

/** GET /client/calendar/accounts/{venueId} */
export async function listCalendarAccounts(
  principal: ClientPrincipal,
  venueId: string,
): Promise<CalendarAccount[]> {
  const [, items] = await Promise.all([
    calendarVenue(principal, venueId),
    listVenueCalendarAccounts(principal.accountId, venueId),
  ]);
  return items.map(toCalendarAccount);
}

/** GET /client/calendar/available/{venueId}: every calendar of the venue's connected accounts. */
export async function listAvailableCalendars(
  principal: ClientPrincipal,
  venueId: string,
): Promise<AvailableCalendar[]> {
  const [, items] = await Promise.all([
    calendarVenue(principal, venueId),
    listVenueCalendarAccounts(principal.accountId, venueId),
  ]);
  return items.flatMap((item) =>
    item.calendars.map((calendar) => ({
      calendar_account_id: item.calendar_account_id,
      provider: item.provider,
      email: item.email,
      calendar_id: calendar.id,
      calendar_title: calendar.title,
    })),
  );
}

/**
 * POST /client/calendar/remove/{accountId}: removes a linked account of a venue the caller
 * manages. Its spaces stop syncing at once (no booking is written to it any more), the events
 * read from its calendars leave the spaces' calendars, and their watches are stopped
 * (best-effort: the access token to stop them with is got while the account is still there).
 */
export async function removeLinkedAccount(
  principal: ClientPrincipal,
  calendarAccountId: string,
): Promise<void> {
  const item = await getCalendarAccount(principal.accountId, calendarAccountId);
  if (!item) throw new NotFound('Linked account');
  const venue = await calendarVenue(principal, item.venue_id).catch((error: unknown) => {
    // A Venue Manager of another venue does not see this account at all.
    if (error instanceof NotFound) throw new NotFound('Linked account');
    throw error;
  });
  const links = await listLinksOfCalendarAccount(principal.accountId, calendarAccountId);
  // One transaction: the account, and two items for each space (a DynamoDB transaction holds 100).
  if (links.length > 49)
    throw new Conflict('More than 49 spaces sync with this account: unlink some of them first');
  const connected = await connectToStop(item, links);
  await removeCalendarAccount(item, links, {
    principal,
    component: 'Venue',
    componentId: venue.venue_id,
    activity: `Removed the ${calendarProviderNames[item.provider]} account ${item.email} from ${venue.name}`,
  });
  await stopWatches(connected, links);
  forgetAccessToken(calendarAccountId);
  for (const link of links) await dropExternalBookings(principal.accountId, link.space_id);
}
