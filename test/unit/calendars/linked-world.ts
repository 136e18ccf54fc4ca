import { randomBytes } from 'node:crypto';
import { resetEnvCache } from '@core/env';
import type { CalendarClient, Grant } from '@functions/calendars/providers/provider';
import { LOCAL_CALENDAR_CLIENTS, type CalendarProvider } from '@infra/local/emulators/calendar-clients';
import { signInAtBroker } from '../../support/social';
import { APP_URL, startCalendarWorld, type CalendarWorld } from '../emulators/calendar-standins';

/**
 * The calendar clients' world in a test: the local OpenID provider and the Google Calendar and
 * Microsoft Graph stand-ins (test/unit/emulators/calendar-standins.ts), with the configuration
 * (functions/core/env.ts) pointing the clients at them. None of it is Google or Microsoft.
 */
export async function startLinkedWorld(): Promise<CalendarWorld> {
  const world = await startCalendarWorld();
  const { google, microsoft } = LOCAL_CALENDAR_CLIENTS;
  // What env.ts requires of every function, which these clients do not use.
  for (const name of [
    'TABLE_NAME',
    'UPLOADS_BUCKET',
    'CLIENT_USER_POOL_ID',
    'CLIENT_USER_POOL_CLIENT_ID',
    'ADMIN_USER_POOL_ID',
    'ADMIN_USER_POOL_CLIENT_ID',
  ])
    process.env[name] ??= 'unused-in-calendar-tests';
  process.env.MAIL_FROM ??= 'noreply@spaces.test';
  process.env.APP_URL ??= APP_URL;
  Object.assign(process.env, {
    GOOGLE_CALENDAR_API_URL: `${world.google}/calendar/v3`,
    GOOGLE_OAUTH_ISSUER: world.issuer,
    GOOGLE_CALENDAR_CLIENT_ID: google.clientId,
    GOOGLE_CALENDAR_CLIENT_SECRET: google.clientSecret,
    MICROSOFT_GRAPH_API_URL: `${world.graph}/v1.0`,
    MICROSOFT_OAUTH_ISSUER: world.issuer,
    MICROSOFT_CALENDAR_CLIENT_ID: microsoft.clientId,
    MICROSOFT_CALENDAR_CLIENT_SECRET: microsoft.clientSecret,
  });
  resetEnvCache();
  return world;
}

/** The return page the provider sends the popup back to. */
export const returnPage = (provider: CalendarProvider) =>
  `${APP_URL}${LOCAL_CALENDAR_CLIENTS[provider].returnPath}`;

/** A code for `email`, got as the venue form's popup gets it: the client's authorization request, then sign-in. */
export async function codeFor(client: CalendarClient, email: string): Promise<string> {
  const { endpoint, clientId, scope, extra } = await client.authorization();
  const state = randomBytes(12).toString('base64url');
  const authorize = new URL(endpoint);
  Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: returnPage(client.provider),
    scope,
    state,
    login_hint: email,
    ...extra,
  }).forEach(([name, value]) => authorize.searchParams.set(name, value));
  return (await signInAtBroker(authorize, state, { email, verified: true })).code;
}

/** A person links their account: the popup's code, exchanged by the client. */
export async function linkThrough(client: CalendarClient, email: string): Promise<Grant> {
  return client.exchangeCode(await codeFor(client, email), returnPage(client.provider));
}
