import {
  CalendarGone,
  GrantRefused,
  ProviderUnavailable,
  SyncExpired,
  type AccessToken,
  type Grant,
} from './provider';

/**
 * What the Google and Microsoft clients share: the OAuth 2.0 part (discovery of the authorization
 * server, the authorization-code and refresh-token grants, `client_secret_post` as both document)
 * and one way to call a provider — plain `fetch` with a time limit, its failures turned into the
 * errors of provider.ts — and to write their sync cursors. Nothing here logs or returns a token in
 * an error's message.
 */

/** The app's registration at one provider's authorization server. */
export interface OAuthClient {
  /** For messages: "Google". */
  name: string;
  /** The OpenID issuer whose discovery document names the endpoints. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The scopes the popup asks for. */
  scope: string;
  /** Extra parameters of the authorization request (Google's `access_type`). */
  extra: Record<string, string>;
}

/** Seconds a provider has to answer one request. */
const TIMEOUT_MS = 10_000;
/** A 401 is tried once more after this pause before the grant counts as refused. */
const UNAUTHORIZED_PAUSE_MS = 200;

interface ServerMetadata {
  authorization_endpoint: string;
  token_endpoint: string;
}

/** Discovery documents, per issuer, for as long as the process lives; a failed one is dropped. */
const discovered = new Map<string, Promise<ServerMetadata>>();

/** `fetch` with the time limit; no answer (network, timeout) is `ProviderUnavailable`. */
async function send(url: string, init: RequestInit, name: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
    throw new ProviderUnavailable(`${name} ${reason}`);
  }
}

/** Seconds of a `Retry-After` header (delay-seconds or an HTTP date), if it has one. */
export function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** A throttled (429) or failing (5xx) answer, as the error to throw; otherwise undefined. */
function unavailable(response: Response, name: string): ProviderUnavailable | undefined {
  if (response.status !== 429 && response.status < 500) return undefined;
  return new ProviderUnavailable(`${name} answered ${response.status}`, retryAfterOf(response));
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => undefined);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

async function discover(client: OAuthClient): Promise<ServerMetadata> {
  const url = `${client.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await send(url, { headers: { accept: 'application/json' } }, client.name);
  if (!response.ok)
    throw (
      unavailable(response, client.name) ??
      new Error(`${client.name}'s discovery answered ${response.status}`)
    );
  // Only the two endpoints are read. The issuer is not compared: Microsoft's multi-tenant issuer
  // (…/common/v2.0) publishes a document whose issuer is the template …/{tenantid}/v2.0.
  const { authorization_endpoint, token_endpoint } = await jsonOf(response);
  if (typeof authorization_endpoint !== 'string' || typeof token_endpoint !== 'string')
    throw new Error(`${client.name}'s discovery names no authorization or token endpoint`);
  return { authorization_endpoint, token_endpoint };
}

/** The authorization server's endpoints, discovered once per process (a failure is tried again next time). */
function serverMetadata(client: OAuthClient): Promise<ServerMetadata> {
  let found = discovered.get(client.issuer);
  if (!found) {
    found = discover(client).catch((error: unknown) => {
      discovered.delete(client.issuer);
      throw error;
    });
    discovered.set(client.issuer, found);
  }
  return found;
}

/** What the venue form's popup needs to ask the person for access. */
export async function authorizationOf(client: OAuthClient) {
  const { authorization_endpoint } = await serverMetadata(client);
  return {
    endpoint: authorization_endpoint,
    clientId: client.clientId,
    scope: client.scope,
    extra: client.extra,
  };
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
}

/** A token request, the client authenticated by its secret in the body (`client_secret_post`). */
async function tokenRequest(client: OAuthClient, params: Record<string, string>): Promise<TokenAnswer> {
  const { token_endpoint } = await serverMetadata(client);
  const response = await send(
    token_endpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...params,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    },
    client.name,
  );
  const answer = await jsonOf(response);
  if (response.ok && typeof answer.access_token === 'string') return answer as unknown as TokenAnswer;
  const error = typeof answer.error === 'string' ? answer.error : undefined;
  if (error === 'invalid_grant' || response.status === 401)
    throw new GrantRefused(`${client.name} refused the grant (${error ?? response.status})`);
  throw (
    unavailable(response, client.name) ??
    new Error(`${client.name}'s token endpoint answered ${response.status}${error ? ` (${error})` : ''}`)
  );
}

const expiresAt = (answer: TokenAnswer) => Date.now() + (answer.expires_in ?? 3600) * 1000;

/**
 * The person's subject and address from the ID token. It came straight from the token endpoint
 * over TLS, so its signature need not be checked (OpenID Connect Core 3.1.3.7, step 6); that it is
 * for this client is.
 */
function identityOf(client: OAuthClient, idToken: string | undefined): { subject: string; email: string } {
  const payload = idToken?.split('.')[1];
  let claims: Record<string, unknown> = {};
  try {
    if (payload) claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    // Answered below as a token without claims.
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  // Microsoft sends `email` only when the account has one; `preferred_username` is its sign-in name.
  const email = typeof claims.email === 'string' ? claims.email : claims.preferred_username;
  if (typeof claims.sub !== 'string' || typeof email !== 'string' || !audiences.includes(client.clientId))
    throw new Error(`${client.name}'s ID token names no person for this app`);
  return { subject: claims.sub, email: email.trim().toLowerCase() };
}

/** Exchanges the popup's code; a code that is bad, used or expired is `GrantRefused`. */
export async function exchangeCode(client: OAuthClient, code: string, redirectUri: string): Promise<Grant> {
  const answer = await tokenRequest(client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
  });
  // Without a refresh token the calendar could not be synced once the access token expires.
  if (!answer.refresh_token) throw new GrantRefused(`${client.name} granted no offline access`);
  return {
    refreshToken: answer.refresh_token,
    accessToken: answer.access_token,
    expiresAt: expiresAt(answer),
    ...identityOf(client, answer.id_token),
  };
}

/** A fresh access token; a withdrawn or expired grant is `GrantRefused`. */
export async function refreshGrant(client: OAuthClient, refreshToken: string): Promise<AccessToken> {
  const answer = await tokenRequest(client, { grant_type: 'refresh_token', refresh_token: refreshToken });
  return {
    accessToken: answer.access_token,
    expiresAt: expiresAt(answer),
    ...(answer.refresh_token && answer.refresh_token !== refreshToken
      ? { refreshToken: answer.refresh_token }
      : {}),
  };
}

interface ApiRequest {
  method?: string;
  token: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Calls a provider's API with the access token. A 401 is tried once more (a token can be refused
 * for a moment) and is `GrantRefused` when it persists; 429 and 5xx are `ProviderUnavailable` (with
 * `Retry-After`). Every other answer is the caller's to read, with {@link unexpected} for the rest.
 */
export async function callApi(url: string, request: ApiRequest, name: string): Promise<Response> {
  const init: RequestInit = {
    method: request.method ?? 'GET',
    headers: {
      authorization: `Bearer ${request.token}`,
      accept: 'application/json',
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  };
  let response = await send(url, init, name);
  if (response.status === 401) {
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, UNAUTHORIZED_PAUSE_MS));
    response = await send(url, init, name);
    if (response.status === 401) throw new GrantRefused(`${name} refused the access token`);
  }
  const failure = unavailable(response, name);
  if (failure) throw failure;
  return response;
}

/** An answer the caller did not expect: 403 and 404 are `CalendarGone`, the rest an error with its status. */
export async function unexpected(response: Response, name: string): Promise<never> {
  if (!response.bodyUsed) await response.body?.cancel();
  if (response.status === 403 || response.status === 404)
    throw new CalendarGone(`${name} answered ${response.status}: the calendar is gone or read-only`);
  throw new Error(`${name} answered ${response.status}`);
}

/** The JSON of a successful answer, or the error {@link unexpected} makes of another one. */
export async function okJson<T>(response: Response, name: string): Promise<T> {
  if (!response.ok) return unexpected(response, name);
  return (await response.json()) as T;
}

/** A sync cursor: a client's own state (where its next request goes), opaque to callers. */
export function writeCursor(state: object): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

/** The state of a cursor that `isValid` recognises; any other starts over, as an expired one does. */
export function readCursor<T>(text: string, isValid: (state: Partial<T>) => boolean): T {
  try {
    const state = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<T> | null;
    if (state && typeof state === 'object' && isValid(state)) return state as T;
  } catch {
    // Answered below.
  }
  throw new SyncExpired('The sync cursor is not one this client wrote');
}
