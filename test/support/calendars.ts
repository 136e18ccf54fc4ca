import { randomBytes } from 'node:crypto';
import type { CalendarProvider } from '@shared/schemas/calendars';
import { anAccount, anEmail, call, type Answer } from './api';
import { aPlace } from './places';
import { signInAtBroker } from './social';

/**
 * Linked calendars as a test meets them: the venue form's popup, done over HTTP (the authorization
 * request GET /client/calendar/providers describes, the person at the local OpenID provider that
 * stands in for Google's and Microsoft's sign-in, the code posted form-encoded), and the control
 * API of the local stand-ins for Google Calendar and Microsoft Graph (`/_local/…`), which change
 * calendars as a person would in those apps. None of it is Google or Microsoft.
 */

interface LinkConfig {
  providers: Array<{
    provider: CalendarProvider;
    authorization_endpoint: string;
    client_id: string;
    scope: string;
    extra: Record<string, string>;
  }>;
}

/** The code the provider gives the popup's return page for `email`. */
export async function calendarCode(
  token: string,
  provider: CalendarProvider,
  email: string,
): Promise<string> {
  const config = await call('GET', '/client/calendar/providers', { token });
  if (config.status !== 200) throw new Error(`providers: ${config.status} ${JSON.stringify(config.body)}`);
  const entry = (config.body.result as LinkConfig).providers.find((p) => p.provider === provider);
  if (!entry) throw new Error(`${provider} is not offered`);
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(entry.authorization_endpoint);
  const appOrigin = new URL(process.env.APP_URL!).origin;
  Object.entries({
    response_type: 'code',
    client_id: entry.client_id,
    redirect_uri: `${appOrigin}/calendar/${provider}`,
    scope: entry.scope,
    state,
    login_hint: email,
    ...entry.extra,
  }).forEach(([name, value]) => authorize.searchParams.set(name, value));
  const { code } = await signInAtBroker(authorize, state, { email, verified: true });
  return code;
}

/** POST /client/calendar/auth/{venueId}, form-encoded as the SPA sends it. */
export function postCalendarCode(
  token: string,
  venueId: string,
  provider: string,
  code: string,
): Promise<Answer> {
  return call('POST', `/client/calendar/auth/${venueId}`, {
    token,
    rawBody: new URLSearchParams({ token: code, provider }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Links `email`'s calendars at `provider` to the venue: answers the linked account. */
export async function linkAccount(token: string, venueId: string, provider: CalendarProvider, email: string) {
  const answer = await postCalendarCode(token, venueId, provider, await calendarCode(token, provider, email));
  if (answer.status !== 200) throw new Error(`link: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result as {
    id: string;
    email: string;
    status: string;
    calendars: Array<{ id: string; title: string }>;
  };
}

/** The stand-in's origin, from the API's configuration. */
export const standIn = (provider: CalendarProvider) =>
  new URL(provider === 'google' ? process.env.GOOGLE_CALENDAR_API_URL! : process.env.MICROSOFT_GRAPH_API_URL!)
    .origin;

type Json = Record<string, unknown>;

/** A call to a stand-in's control API (no auth). */
export async function control(
  provider: CalendarProvider,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${standIn(provider)}/_local${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

/** A new calendar of `owner` at the stand-in (the person's "Room calendars"-like calendar). */
export async function aCalendar(provider: CalendarProvider, owner: string, name: string): Promise<string> {
  const made = await control(provider, 'POST', '/calendars', { owner, name });
  if (made.status !== 201) throw new Error(`calendar: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.id as string;
}

/** The events of a calendar at the stand-in, as it keeps them. */
export async function eventsAt(provider: CalendarProvider, calendarId: string): Promise<Json[]> {
  const answer = await control(provider, 'GET', `/calendars/${encodeURIComponent(calendarId)}/events`);
  if (answer.status !== 200) throw new Error(`events: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body.items ?? answer.body.value ?? []) as Json[];
}

/** Makes the stand-in's next `count` API requests fail with `status`. */
export const faults = (provider: CalendarProvider, status: number, count: number, retryAfter?: number) =>
  control(provider, 'POST', '/faults', { status, count, ...(retryAfter ? { retryAfter } : {}) });

/**
 * A fresh account with a venue and a space that syncs with a calendar ("Rooms") of a person at
 * `provider`'s stand-in, linked through the popup's code and picked in the space form.
 */
export async function aLinkedSpace(provider: CalendarProvider, who = 'rooms') {
  const account = await anAccount(['Account Admin']);
  const token = account.users['Account Admin']!.token;
  const place = await aPlace(account.accountId);
  const person = anEmail(`${provider}-${who}`);
  const calendarId = await aCalendar(provider, person, 'Rooms');
  const linked = await linkAccount(token, place.venue, provider, person);
  const saved = await call('PUT', `/client/space/${place.space}`, {
    token,
    body: {
      title: 'Board room',
      calendar_sync: 'Yes',
      calendar_account_id: linked.id,
      calendar_id: calendarId,
    },
  });
  if (saved.status !== 200) throw new Error(`space link: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { account, accountId: account.accountId, token, place, person, calendarId, linked };
}
