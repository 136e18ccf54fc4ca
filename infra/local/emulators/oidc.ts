import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { areaProviders, brokerScopes, identityProviderNames } from '../../../shared/social';
import { localUrl } from './aws';
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
 */

/** The app clients, as the auth stack makes them: one per user pool. */
export const LOCAL_SOCIAL_CLIENTS = { client: 'spaces-client-social', admin: 'spaces-admin-social' } as const;

/**
 * Where the provider keeps its sessions, interactions, grants and codes: in this process, for as
 * long as they live. Nothing of it needs to outlive a restart (a code lives a minute).
 */
function memoryStore() {
  const items = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error('The form is too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
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
  const offered = (clientId: string): string[] => {
    const area = clientId === LOCAL_SOCIAL_CLIENTS.admin ? 'admin' : 'client';
    return areaProviders[area].map((provider) => identityProviderNames[provider]);
  };

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({ ...client, response_types: [...client.response_types] })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    extraParams: ['identity_provider'],
    scopes: brokerScopes.split(' '),
    claims: {
      openid: ['sub', 'identities'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // The claims go into the ID token, as Cognito's do, not only to the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in failed',
        `<h1>Sign-in failed</h1><p>${escape(String(out.error_description ?? out.error))}</p>`,
      );
    },
    adapter: memoryStore(),
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 3600,
      IdToken: 3600,
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
    const identityProvider = String(details.params.identity_provider ?? '');
    const clientId = String(details.params.client_id ?? '');
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
<p>Local stand-in for ${escape(identityProvider)}: it vouches for the e-mail address you type.</p>
<form method="post" action="/interaction/${escape(details.uid)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="email" autofocus>
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
    grant.addOIDCScope(String(details.params.scope ?? brokerScopes));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const server: Server = createServer((req, res) => {
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
