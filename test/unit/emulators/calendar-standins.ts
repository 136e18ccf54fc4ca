import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { startGoogleCalendar } from '@infra/local/emulators/google-calendar';
import { startMicrosoftGraph } from '@infra/local/emulators/microsoft-graph';
import { signInAtBroker } from '../../support/social';
import { LOCAL_CALENDAR_CLIENTS, startOidc, type CalendarProvider } from '@infra/local/emulators/oidc';

/**
 * The calendar stand-ins as a test meets them: the local OpenID provider (standing in for
 * Google's and Microsoft's authorization servers) and the Google Calendar and Microsoft Graph
 * stand-ins, on ports of their own, with a person's tokens got through the authorization-code
 * grant as the product's linking will get them. None of it is Google or Microsoft.
 */

export const APP_URL = 'http://localhost:3000';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface CalendarWorld {
  issuer: string;
  google: string;
  graph: string;
  close(): Promise<void>;
}

export async function startCalendarWorld(): Promise<CalendarWorld> {
  const [oidcPort, googlePort, graphPort] = [await freePort(), await freePort(), await freePort()];
  const log = () => {};
  const oidc = await startOidc({ port: oidcPort, appUrl: APP_URL, log });
  const google = await startGoogleCalendar({ port: googlePort, issuer: oidc.issuer, log });
  const graph = await startMicrosoftGraph({ port: graphPort, issuer: oidc.issuer, log });
  return {
    issuer: oidc.issuer,
    google: google.url,
    graph: graph.url,
    close: async () => {
      await Promise.all([google.close(), graph.close(), oidc.close()]);
    },
  };
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  scope: string;
  expires_in: number;
}

/** Scopes as each provider's documentation asks for them. */
const SCOPES: Record<CalendarProvider, string> = {
  google: 'openid email https://www.googleapis.com/auth/calendar',
  microsoft: 'openid email offline_access Calendars.ReadWrite',
};

/** A person links their calendars: sign-in page, consent, code, and the API's code exchange. */
export async function linkCalendars(
  issuer: string,
  provider: CalendarProvider,
  email: string,
): Promise<Tokens> {
  const client = LOCAL_CALENDAR_CLIENTS[provider];
  const redirectUri = `${APP_URL}${client.returnPath}`;
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(`${issuer}/auth`);
  Object.entries({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    scope: SCOPES[provider],
    state,
    login_hint: email,
    // Google's way of asking for a refresh token; Microsoft's is the offline_access scope.
    ...(provider === 'google' ? { access_type: 'offline', prompt: 'consent select_account' } : {}),
  }).forEach(([name, value]) => authorize.searchParams.set(name, value));
  const { code, page } = await signInAtBroker(authorize, state, { email, verified: true });
  if (!page.includes(`Sign in with ${client.name}`)) throw new Error(`The page does not name ${client.name}`);
  const response = await tokenRequest(issuer, provider, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
  });
  if (!response.ok) throw new Error(`Code exchange: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** A token request of the API, authenticated with the client's secret in the body. */
export function tokenRequest(issuer: string, provider: CalendarProvider, params: Record<string, string>) {
  const { clientId, clientSecret } = LOCAL_CALENDAR_CLIENTS[provider];
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, client_id: clientId, client_secret: clientSecret }),
  });
}

/** JSON over HTTP, as a test reads the stand-ins. */
export async function call(
  url: string,
  {
    method = 'GET',
    token,
    body,
    headers = {},
  }: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}
