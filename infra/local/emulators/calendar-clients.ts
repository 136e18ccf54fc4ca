/**
 * The app clients for linking calendars at the local OpenID provider (`oidc.ts`), which stands in
 * for Google's and Microsoft's authorization servers there, and how it reads their requests.
 */

export type CalendarProvider = 'google' | 'microsoft';

/**
 * The calendar-linking app clients, one per provider, as the app is registered at Google and at
 * Microsoft: confidential (the API sends `client_id` and `client_secret` in the token request's body, as
 * both providers document), authorization code (PKCE optional) and refresh token. `resource` is the
 * audience of their access tokens, `scopes` the provider's own scopes for calendars, and
 * `returnPath` the SPA's page the provider sends the browser back to.
 */
export const LOCAL_CALENDAR_CLIENTS = {
  google: {
    clientId: 'spaces-calendar-google',
    clientSecret: 'spaces-local-google-calendar-secret',
    name: 'Google',
    resource: 'https://www.googleapis.com/calendar/v3',
    scopes: [
      'https://www.googleapis.com/auth/calendar',
      'https://www.googleapis.com/auth/calendar.events',
      'https://www.googleapis.com/auth/calendar.readonly',
    ],
    returnPath: '/calendar/google',
  },
  microsoft: {
    clientId: 'spaces-calendar-microsoft',
    clientSecret: 'spaces-local-microsoft-calendar-secret',
    name: 'Microsoft',
    resource: 'https://graph.microsoft.com',
    scopes: [
      'Calendars.ReadWrite',
      'Calendars.Read',
      'User.Read',
      'https://graph.microsoft.com/Calendars.ReadWrite',
      'https://graph.microsoft.com/Calendars.Read',
      'https://graph.microsoft.com/User.Read',
    ],
    returnPath: '/calendar/microsoft',
  },
} as const;

/** The client the calendar stand-ins introspect access tokens with (RFC 7662). */
export const LOCAL_INTROSPECTION_CLIENT = {
  clientId: 'spaces-calendar-standins',
  clientSecret: 'spaces-local-standins-secret',
} as const;

export const calendarProviderOf = (clientId: string | undefined): CalendarProvider | undefined =>
  (Object.keys(LOCAL_CALENDAR_CLIENTS) as CalendarProvider[]).find(
    (provider) => LOCAL_CALENDAR_CLIENTS[provider].clientId === clientId,
  );

/** Refresh tokens and grants of linked calendars live as long as Google's unused ones (weeks). */
export const CALENDAR_GRANT_TTL = 14 * 24 * 3600;

/**
 * An authorization request of a calendar client, as Google's and Microsoft's servers read it:
 * Google's `access_type=offline` and Microsoft's `offline_access` scope both ask for a refresh
 * token, which oidc-provider issues only with `prompt=consent` (this provider asks every time
 * anyway), and `prompt=select_account`, which it does not know, is dropped.
 */
export function asTheProviderDoes(url: string): string {
  const parsed = new URL(url, 'http://local');
  const params = parsed.searchParams;
  if (!calendarProviderOf(params.get('client_id') ?? undefined)) return url;
  const scopes = new Set((params.get('scope') ?? '').split(' ').filter(Boolean));
  if (params.get('access_type') === 'offline') scopes.add('offline_access');
  params.set('scope', [...scopes].join(' '));
  const prompts = new Set(
    (params.get('prompt') ?? '').split(' ').filter((p) => p === 'login' || p === 'consent'),
  );
  if (scopes.has('offline_access')) prompts.add('consent');
  if (prompts.size > 0) params.set('prompt', [...prompts].join(' '));
  else params.delete('prompt');
  return `${parsed.pathname}?${params.toString()}`;
}
