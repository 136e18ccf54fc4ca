import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, {
  errors,
  interactionPolicy,
  type ClientMetadata,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { areaProviders, brokerScopes, identityProviderNames } from '@shared/social';
import { localUrl } from './aws';
import {
  asTheProviderDoes,
  CALENDAR_GRANT_TTL,
  calendarProviderOf,
  LOCAL_CALENDAR_CLIENTS,
  LOCAL_INTROSPECTION_CLIENT,
  type CalendarProvider,
} from './calendar-clients';

export {
  LOCAL_CALENDAR_CLIENTS,
  LOCAL_INTROSPECTION_CLIENT,
  type CalendarProvider,
} from './calendar-clients';
import type { Log } from './processes';

/**
 * The identity broker on one machine: a standards-compliant OpenID Connect provider
 * (`oidc-provider`) standing in for the user pools' Cognito domain, which in AWS federates
 * Google, Facebook, Microsoft and LinkedIn. Discovery, JWKS, the authorization-code grant with
 * PKCE and the ID token work as they do there, so the API's code differs only by the issuer URL
 * and the app client ids.
 *
 * Its sign-in page stands in for the provider named by the request's `identity_provider` (as
 * Cognito's `/oauth2/authorize` takes it): it vouches for whatever e-mail address is typed, with
 * an "Email verified" checkbox, and asks every time. The ID token carries `email`,
 * `email_verified` and Cognito's `identities` claim naming the provider; as Facebook does, its
 * Facebook gives an address only when it is verified, and no flag.
 *
 * It also stands in for Google's and Microsoft's own authorization servers for linked calendars
 * (`LOCAL_CALENDAR_CLIENTS`): confidential clients with the authorization-code and refresh-token
 * grants, whose access tokens are for the calendar stand-ins (`google-calendar.ts`,
 * `microsoft-graph.ts`), which check them at this provider's introspection endpoint. A person's
 * calendar grants can be withdrawn, as they would at the provider, with `POST /_local/revoke`.
 */

/** The app clients, as the auth stack makes them: one per user pool. */
export const LOCAL_SOCIAL_CLIENTS = { client: 'spaces-client-social', admin: 'spaces-admin-social' } as const;

/**
 * Where the provider keeps its sessions, interactions, grants and codes: in this process, for as
 * long as they live. Nothing of it needs to outlive a restart (a code lives a minute).
 */
type StoredItems = Map<string, { payload: Record<string, unknown>; expiresAt: number }>;

function memoryStore(items: StoredItems) {
  const live = (key: string) => {
    const item = items.get(key);
    if (item && item.expiresAt < Date.now()) items.delete(key);
    return items.get(key)?.payload;
  };
  return class MemoryStore {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      items.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (typeof payload.uid === 'string')
        items.set(`${this.model}:uid:${payload.uid}`, items.get(this.key(id))!);
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      return live(`${this.model}:uid:${uid}`);
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      items.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, item] of items) if (item.payload.grantId === grantId) items.delete(key);
    }
  };
}

interface Identity {
  email: string;
  verified: boolean;
  identityProvider: string;
}

export interface LocalOidc {
  issuer: string;
  /**
   * Withdraws `email`'s calendar grants (of one provider, or both): their refresh tokens then
   * answer `invalid_grant` and their access tokens stop being accepted. Returns how many grants.
   */
  revokeCalendarGrants(email: string, provider?: CalendarProvider): Promise<number>;
  close(): Promise<void>;
}

/** A subject per provider and address, stable across restarts, shaped like Cognito's (a UUID). */
function subjectOf(identityProvider: string, email: string): string {
  const hex = createHash('sha256').update(`${identityProvider}:${email.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1.25rem;color:#1a1a1a;background:#f5f7fa}
main{max-width:22rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.25rem;box-shadow:0 1px 3px #0003}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#444;font-size:.875rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input[type=email]{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #767676;border-radius:4px}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
button{margin-top:1rem;width:100%;padding:.6rem;font-size:1rem;border:0;border-radius:4px;background:#0b5394;color:#fff;cursor:pointer}
</style></head><body><main>${body}</main></body></html>`;
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await textBody(req));
}

async function textBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('The form is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the provider on 127.0.0.1:`port`. `appUrl` is the SPA's origin: each area's app client
 * accepts its providers' return pages there (`/auth/<provider>`), as the Cognito app clients do.
 */
export async function startOidc({
  port,
  appUrl,
  log,
}: {
  port: number;
  appUrl: string;
  log: Log;
}): Promise<LocalOidc> {
  const issuer = localUrl(port);
  const identities = new Map<string, Identity>();
  const items: StoredItems = new Map();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'local', use: 'sig', alg: 'RS256' };

  // The provider asks every time, as a person choosing a provider on the login page expects: a
  // sign-in with Google must not come back as the Microsoft identity of a minute ago.
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('every_time', 'the provider asks at every sign-in', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const clients = (Object.keys(LOCAL_SOCIAL_CLIENTS) as Array<keyof typeof LOCAL_SOCIAL_CLIENTS>).map(
    (area) => ({
      client_id: LOCAL_SOCIAL_CLIENTS[area],
      token_endpoint_auth_method: 'none' as const,
      grant_types: ['authorization_code'],
      response_types: ['code'] as const,
      redirect_uris: areaProviders[area].map((provider) => `${appUrl}/auth/${provider}`),
    }),
  );
  const calendarClients = Object.values(LOCAL_CALENDAR_CLIENTS).map((client): ClientMetadata => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: `Spaces (${client.name} calendars)`,
    token_endpoint_auth_method: 'client_secret_post',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${appUrl}${client.returnPath}`],
  }));
  // A resource server only: it may introspect tokens, nothing else.
  const introspectionClient: ClientMetadata = {
    client_id: LOCAL_INTROSPECTION_CLIENT.clientId,
    client_secret: LOCAL_INTROSPECTION_CLIENT.clientSecret,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: [],
    response_types: [],
    redirect_uris: [],
  };
  const offered = (clientId: string): string[] => {
    const calendar = calendarProviderOf(clientId);
    if (calendar) return [LOCAL_CALENDAR_CLIENTS[calendar].name];
    const area = clientId === LOCAL_SOCIAL_CLIENTS.admin ? 'admin' : 'client';
    return areaProviders[area].map((provider) => identityProviderNames[provider]);
  };
  const isCalendarClient = (clientId: string | undefined) => calendarProviderOf(clientId) !== undefined;
  const calendarTtl =
    (fallback: number) => (_ctx: unknown, _token: unknown, client?: { clientId: string }) =>
      isCalendarClient(client?.clientId) ? CALENDAR_GRANT_TTL : fallback;

  const provider = new Provider(issuer, {
    clients: [
      ...clients.map((client) => ({ ...client, response_types: [...client.response_types] })),
      ...calendarClients,
      introspectionClient,
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Required of the SPA's public clients; the confidential calendar clients may use it.
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    extraParams: ['identity_provider', 'access_type', 'include_granted_scopes'],
    scopes: [...brokerScopes.split(' '), 'offline_access'],
    claims: {
      openid: ['sub', 'identities'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // The claims go into the ID token, as Cognito's do, not only to the userinfo endpoint.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // The calendar stand-ins ask here whether an access token is live, and for whom.
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client) => client.clientId === LOCAL_INTROSPECTION_CLIENT.clientId,
      },
      // RFC 7009, as Google's and Microsoft's revoke a refresh token (and its grant) on unlinking.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      // The calendar clients' access tokens are for their API (audience), with its scopes.
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, client, oneOf) => {
          if (oneOf) return Array.isArray(oneOf) && oneOf.length === 1 ? oneOf[0]! : oneOf;
          const calendar = calendarProviderOf(client?.clientId);
          return calendar ? LOCAL_CALENDAR_CLIENTS[calendar].resource : (undefined as unknown as string);
        },
        useGrantedResource: (ctx) => isCalendarClient(ctx.oidc.client?.clientId),
        getResourceServerInfo: (_ctx, resource, client) => {
          const calendar = calendarProviderOf(client.clientId);
          if (!calendar || LOCAL_CALENDAR_CLIENTS[calendar].resource !== resource)
            throw new errors.InvalidTarget();
          return {
            audience: resource,
            scope: LOCAL_CALENDAR_CLIENTS[calendar].scopes.join(' '),
            accessTokenFormat: 'opaque',
            accessTokenTTL: 3600,
          };
        },
      },
    },
    // The stand-ins keep calendars per person: the introspection answer names them.
    extraTokenClaims: (_ctx, token) => {
      const identity = 'accountId' in token ? identities.get(String(token.accountId)) : undefined;
      return identity && isCalendarClient(token.clientId) ? { email: identity.email } : undefined;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in failed',
        `<h1>Sign-in failed</h1><p>${escape(String(out.error_description ?? out.error))}</p>`,
      );
    },
    adapter: memoryStore(items),
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: calendarTtl(600),
      AccessToken: 3600,
      IdToken: 3600,
      RefreshToken: calendarTtl(600),
    },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          // Facebook releases only confirmed addresses and no flag (shared/social.ts).
          ...(identity.identityProvider === 'Facebook'
            ? identity.verified
              ? { email: identity.email }
              : {}
            : { email: identity.email, email_verified: identity.verified }),
          name: identity.email.split('@')[0],
          identities: [
            {
              userId: sub,
              providerName: identity.identityProvider,
              providerType: ['Google', 'Facebook'].includes(identity.identityProvider)
                ? identity.identityProvider
                : 'OIDC',
              issuer: null,
              primary: 'true',
              dateCreated: String(Date.now()),
            },
          ],
        }),
      };
    },
  });
  provider.on('server_error', (_ctx, error) => log(`OpenID provider: ${error.stack ?? error.message}`));
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id ?? '');
    // Google's and Microsoft's own servers are that provider whatever the request says.
    const calendar = calendarProviderOf(clientId);
    const identityProvider = calendar
      ? LOCAL_CALENDAR_CLIENTS[calendar].name
      : String(details.params.identity_provider ?? '');
    if (!offered(clientId).includes(identityProvider)) {
      // Cognito refuses a provider its app client does not offer.
      return send(
        res,
        400,
        page(
          'Sign-in not available',
          `<h1>Sign-in not available</h1><p>${escape(identityProvider || 'No provider')} is not offered to this app.</p>`,
        ),
      );
    }
    if (req.method === 'GET') {
      return send(
        res,
        200,
        page(
          `Sign in with ${identityProvider}`,
          `<h1>Sign in with ${escape(identityProvider)}</h1>
<p>Local stand-in for ${escape(identityProvider)}: it vouches for the e-mail address you type.</p>${
            calendar ? '\n<p>Spaces asks to see and edit the calendars of this account.</p>' : ''
          }
<form method="post" action="/interaction/${escape(details.uid)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="email" autofocus value="${escape(
            String(details.params.login_hint ?? ''),
          )}">
<label class="check"><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
<button type="submit">Sign in</button>
</form>`,
        ),
      );
    }
    const form = await formBody(req);
    const email = (form.get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return send(res, 400, page('Email', '<h1>Type an e-mail address</h1>'));
    const sub = subjectOf(identityProvider, email);
    identities.set(sub, { email, verified: form.get('email_verified') === 'true', identityProvider });
    const grant = new provider.Grant({ accountId: sub, clientId });
    if (calendar) {
      const asked = String(details.params.scope ?? '').split(' ');
      const { resource, scopes } = LOCAL_CALENDAR_CLIENTS[calendar];
      const oidcScopes = asked.filter((scope) =>
        ['openid', 'email', 'profile', 'offline_access'].includes(scope),
      );
      if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
      grant.addResourceScope(
        resource,
        asked.filter((scope) => (scopes as readonly string[]).includes(scope)).join(' '),
      );
    } else {
      grant.addOIDCScope(String(details.params.scope ?? brokerScopes));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const revokeCalendarGrants = async (email: string, only?: CalendarProvider) => {
    let revoked = 0;
    for (const calendar of only ? [only] : (Object.keys(LOCAL_CALENDAR_CLIENTS) as CalendarProvider[])) {
      const { clientId, name } = LOCAL_CALENDAR_CLIENTS[calendar];
      const sub = subjectOf(name, email);
      const grantIds = [...items]
        .filter(
          ([key, item]) =>
            key.startsWith('Grant:') &&
            !key.startsWith('Grant:uid:') &&
            item.payload.accountId === sub &&
            item.payload.clientId === clientId,
        )
        .map(([key]) => key.slice('Grant:'.length));
      for (const grantId of grantIds) {
        for (const [key, item] of items)
          if (item.payload.grantId === grantId || key === `Grant:${grantId}`) items.delete(key);
        revoked++;
      }
    }
    return revoked;
  };

  /** `POST /_local/revoke` `{ email, provider? }`: the person withdraws Spaces' calendar access. */
  const control = async (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.parse((await textBody(req)) || '{}') as { email?: unknown; provider?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const only =
      body.provider === undefined
        ? undefined
        : calendarProviderOf(`spaces-calendar-${String(body.provider)}`);
    res.setHeader('content-type', 'application/json');
    if (!email || (body.provider !== undefined && !only)) {
      res
        .writeHead(400)
        .end(JSON.stringify({ error: 'Send { "email": "…", "provider"?: "google" | "microsoft" }' }));
      return;
    }
    res.writeHead(200).end(JSON.stringify({ revoked: await revokeCalendarGrants(email, only) }));
  };

  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/_local/revoke') {
      control(req, res).catch((error: unknown) =>
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: (error as Error).message })),
      );
      return;
    }
    if (req.url?.startsWith('/auth?')) req.url = asTheProviderDoes(req.url);
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        log(`OpenID provider: ${(error as Error).message}`);
        if (!res.headersSent)
          send(
            res,
            400,
            page(
              'Sign-in failed',
              '<h1>This sign-in has expired</h1><p>Close this window and try again.</p>',
            ),
          );
      });
      return;
    }
    void callback(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    revokeCalendarGrants,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether an OpenID provider answers discovery on `port` (what holds a port that is taken). */
export async function answersLikeOidc(port: number): Promise<boolean> {
  try {
    const response = await fetch(`${localUrl(port)}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok && typeof ((await response.json()) as { issuer?: unknown }).issuer === 'string';
  } catch {
    return false;
  }
}
