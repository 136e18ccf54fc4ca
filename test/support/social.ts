import { createHash, randomBytes } from 'node:crypto';
import { identityProviderNames, type SocialProvider } from '@shared/social';

/**
 * A social sign-in as the login page and a person in its popup make it, over HTTP: the
 * authorization request with PKCE, `state` and `nonce` at the local OpenID provider (the broker),
 * its sign-in form with an e-mail address, and the code it sends back to the return page.
 */
export interface SocialAttempt {
  area: 'client' | 'admin';
  provider: SocialProvider;
  email: string;
  /** The provider page's "Email verified" checkbox. @default true */
  verified?: boolean;
  /** Ask the broker for another provider than the one the code is then sent with. */
  brokerProvider?: SocialProvider;
}

export interface SocialCode {
  /** The body of POST /{area}/auth/socialLogin. */
  body: { token: string; provider: SocialProvider; code_verifier: string; nonce: string };
  /** Where the broker sent the browser back, with the code. */
  returnUrl: URL;
}

interface SocialConfigAnswer {
  result: { authorization_endpoint: string; client_id: string; scope: string };
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Follows redirects by hand, keeping the broker's cookies, until it leaves the broker. */
async function follow(start: URL, init: RequestInit, cookies: Map<string, string>): Promise<Response> {
  let url = start;
  let request = init;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      ...request,
      redirect: 'manual',
      headers: {
        ...(request.headers as Record<string, string>),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return response;
    const next = new URL(location, url);
    if (next.origin !== start.origin) return response;
    url = next;
    request = { method: 'GET' };
  }
  throw new Error('Too many redirects at the broker');
}

/**
 * A person at the broker's sign-in page, from an authorization URL: types `email` (ticking "Email
 * verified" when asked), and is sent back with a code for `state`. Answers the code, where the
 * browser went back to, and the sign-in page as it read.
 */
export async function signInAtBroker(
  authorize: URL,
  state: string,
  person: { email: string; verified: boolean },
): Promise<{ code: string; returnUrl: URL; page: string }> {
  const cookies = new Map<string, string>();
  const page = await follow(authorize, { method: 'GET' }, cookies);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action)
    throw new Error(`The broker's sign-in page has no form (${page.status}): ${html.slice(0, 300)}`);
  const form = new URLSearchParams({ email: person.email });
  if (person.verified) form.set('email_verified', 'true');
  const back = await follow(
    new URL(action, authorize),
    { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    cookies,
  );
  const location = back.headers.get('location');
  if (!location) throw new Error(`The broker did not send the browser back (${back.status})`);
  const returnUrl = new URL(location);
  const code = returnUrl.searchParams.get('code');
  if (!code || returnUrl.searchParams.get('state') !== state)
    throw new Error(`The broker sent back no code: ${location}`);
  return { code, returnUrl, page: html };
}

/**
 * Gets a code for `email` from the broker of the system at `apiBase` (…/api/v1), as the login
 * page of `area` starts it and the person completes it.
 */
export async function socialCode(apiBase: string, attempt: SocialAttempt): Promise<SocialCode> {
  const config = (await (await fetch(`${apiBase}/${attempt.area}/auth/social`)).json()) as SocialConfigAnswer;
  const { authorization_endpoint, client_id, scope } = config.result;
  const appOrigin = new URL(apiBase).origin;
  const verifier = base64url(randomBytes(32));
  const nonce = base64url(randomBytes(32));
  const state = base64url(randomBytes(32));
  const authorize = new URL(authorization_endpoint);
  Object.entries({
    response_type: 'code',
    client_id,
    redirect_uri: `${appOrigin}/auth/${attempt.provider}`,
    scope,
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    identity_provider: identityProviderNames[attempt.brokerProvider ?? attempt.provider],
  }).forEach(([name, value]) => authorize.searchParams.set(name, value));

  const { code, returnUrl } = await signInAtBroker(authorize, state, {
    email: attempt.email,
    verified: attempt.verified ?? true,
  });
  return { body: { token: code, provider: attempt.provider, code_verifier: verifier, nonce }, returnUrl };
}
