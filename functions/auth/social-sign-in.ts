import type * as oidc from 'openid-client';
import {
  areaProviders,
  brokerScopes,
  confirmedAddressesOnly,
  identityProviderNames,
  socialProviderNames,
  type SocialProvider,
} from '@shared/social';
import type { SocialConfig, SocialLoginInput } from '@shared/schemas/auth';
import { lazy } from '@core/aws/lazy';
import { findSocialOwner, holdsLink, identityOf, linkSocialIdentity } from '@core/people/social-store';
import { findEmailOwner } from '@core/people/user-store';
import { cognitoIssuer, env } from '@core/env';
import { Forbidden, Invalid, ServiceUnavailable, Unauthorized, isDependencyFailure } from '@core/errors';
import { logger } from '@core/logger';
import { poolOf, type Area } from '@core/auth/tokens';
import { apiSignIn, loadForSignIn, type SignIn } from './sign-in';
import { secondFactorRequired, startChallenge } from './second-factor';

/**
 * Social sign-in (docs/product/admin-and-auth.md §2, §7 `POST /{role}/auth/socialLogin`). The SPA sends the person
 * through the identity broker — each user pool's Cognito domain, which federates Google and
 * Facebook (Cognito's own providers) and Microsoft and LinkedIn (OIDC) — with the
 * authorization-code grant, PKCE, `state` and `nonce`, and posts the code it got back here. The
 * API exchanges it at the broker's token endpoint and verifies the ID token (signature by the
 * broker's JWKS, issuer, audience, nonce, expiry) with openid-client, then signs in the active
 * person of the area who has that verified e-mail address, or who signed in with that provider's
 * subject before. The session is the API's own token (functions/core/auth/tokens.ts) and, for client
 * users, a refresh token the API keeps: it ends, refreshes and expires as a password sign-in does.
 * A person with a second factor gives a code first, as after a password.
 * Nobody is created: no self sign-up.
 */

interface Broker {
  issuer: string;
  clientId: string;
}

function brokerOf(area: Area): Broker | undefined {
  const e = env();
  const clientId = area === 'client' ? e.CLIENT_SOCIAL_CLIENT_ID : e.ADMIN_SOCIAL_CLIENT_ID;
  if (!clientId) return undefined;
  return { issuer: e.SOCIAL_ISSUER ?? cognitoIssuer(poolOf(area).poolId), clientId };
}

/** The OpenID client, loaded on first use: only the social sign-in routes need it. */
const openid = lazy(() => import('openid-client'));

/** Seconds the broker has to answer one request. */
const brokerTimeout = 5;
const configurations = new Map<Area, Promise<oidc.Configuration>>();

/**
 * The broker's discovered configuration, kept per container (a failed discovery is tried again
 * on the next request). `fetch` replaces the HTTP client, for tests that stand between the API
 * and the broker.
 */
export function brokerConfiguration(area: Area, fetch?: oidc.CustomFetch): Promise<oidc.Configuration> {
  const broker = brokerOf(area);
  if (!broker) return Promise.reject(new Invalid({ provider: 'Social sign-in is not available here' }));
  const discover = async () => {
    const oidc = await openid();
    const issuer = new URL(broker.issuer);
    const configuration = await oidc.discovery(issuer, broker.clientId, undefined, oidc.None(), {
      timeout: brokerTimeout,
      // Only the local stand-in speaks plain HTTP, on the loopback.
      execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      ...(fetch ? { [oidc.customFetch]: fetch } : {}),
    });
    // The ID token's signature is checked against the broker's JWKS, not only its claims.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  };
  if (fetch) return discover();
  let configuration = configurations.get(area);
  if (!configuration) {
    configuration = discover().catch((error: unknown) => {
      configurations.delete(area);
      throw error;
    });
    configurations.set(area, configuration);
  }
  return configuration;
}

/** Which providers an area offers, and where the SPA sends the person to sign in. */
export async function socialConfig(area: Area): Promise<SocialConfig> {
  const broker = brokerOf(area);
  if (!broker) return { authorization_endpoint: null, client_id: null, scope: brokerScopes, providers: [] };
  const configuration = await brokerConfiguration(area).catch(brokerFailure);
  return {
    authorization_endpoint: configuration.serverMetadata().authorization_endpoint ?? null,
    client_id: broker.clientId,
    scope: brokerScopes,
    providers: offeredProviders(area),
  };
}

/**
 * The area's providers that this stage registered (`SOCIAL_PROVIDERS`, set by the CDK from the
 * stage's `socialProviders`; absent, as locally, every one of them).
 */
function offeredProviders(area: Area): SocialProvider[] {
  const registered = env().SOCIAL_PROVIDERS;
  return areaProviders[area].filter((provider) => !registered || registered.includes(provider));
}

/** The page the broker sends the person back to, where the SPA picked the code up. */
function returnPage(provider: SocialProvider): string {
  return `${env().APP_URL}/auth/${provider}`;
}

interface SocialIdentity {
  provider: SocialProvider;
  /** The broker's subject of the person. */
  subject: string;
  email: string;
  emailVerified: boolean;
}

const notCompleted = () => new Unauthorized('The sign-in could not be completed. Please try again');

/** A broker that cannot be reached, or does not answer in time, is a 503; anything else refuses. */
function brokerFailure(error: unknown): never {
  if (error instanceof Invalid) throw error;
  const status = (error as { status?: number }).status;
  const name = (error as Error).name;
  if (
    isDependencyFailure(error) ||
    (typeof status === 'number' && status >= 500) ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    (error instanceof TypeError && /fetch failed/.test(error.message))
  ) {
    logger.warn('The identity broker could not answer', error as Error);
    throw new ServiceUnavailable();
  }
  logger.info('A social sign-in was refused', { error: (error as Error).message });
  throw notCompleted();
}

/** The identities claim of a Cognito ID token: an array, or its JSON text. */
function identitiesOf(claims: oidc.IDToken): Array<{ providerName?: unknown }> {
  const value: unknown =
    typeof claims.identities === 'string' ? JSON.parse(claims.identities) : claims.identities;
  return Array.isArray(value) ? (value as Array<{ providerName?: unknown }>) : [];
}

/**
 * Exchanges the code at the broker with the PKCE verifier and checks the ID token: signed by the
 * broker, for this app client, with the nonce the SPA chose, not expired, and from the provider
 * the person chose (Cognito's `identities` claim).
 */
export async function verifiedIdentity(
  configuration: oidc.Configuration,
  input: SocialLoginInput,
): Promise<SocialIdentity> {
  const callback = new URL(returnPage(input.provider));
  callback.searchParams.set('code', input.token);
  // The SPA passes on the code alone; a broker that sends its issuer with the code (RFC 9207)
  // sent this one, or the code would not be valid at its token endpoint.
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported)
    callback.searchParams.set('iss', metadata.issuer);
  const oidc = await openid();
  const tokens = await oidc
    .authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: input.code_verifier,
      expectedNonce: input.nonce,
      idTokenExpected: true,
    })
    .catch(brokerFailure);
  const claims = tokens.claims();
  if (!claims) throw notCompleted();
  const provider = identitiesOf(claims)[0]?.providerName;
  if (provider !== identityProviderNames[input.provider]) throw notCompleted();
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  return {
    provider: input.provider,
    subject: claims.sub,
    email,
    emailVerified:
      confirmedAddressesOnly.includes(input.provider) ||
      claims.email_verified === true ||
      claims.email_verified === 'true',
  };
}

/**
 * Signs in the person of `area` that a social identity belongs to, with a session like a
 * password sign-in's. Refused: a provider the area does not offer (422), an unverified or unknown
 * e-mail address (401), an inactive user or account (403).
 */
export async function socialLogin(area: Area, input: SocialLoginInput): Promise<SignIn> {
  if (!offeredProviders(area).includes(input.provider)) {
    throw new Invalid({
      provider: `Sign-in with ${socialProviderNames[input.provider]} is not available here`,
    });
  }
  const configuration = await brokerConfiguration(area).catch(brokerFailure);
  const identity = await verifiedIdentity(configuration, input);
  if (!identity.email || !identity.emailVerified) {
    throw new Unauthorized(
      `${socialProviderNames[identity.provider]} did not share a verified e-mail address, so it cannot be used to sign in`,
    );
  }
  const identityKey = identityOf(identity.provider, identity.subject);
  // The person who linked this subject, while they still hold the link; else the address's owner.
  const bySubject = await findSocialOwner(area, identity.provider, identity.subject);
  let owner = bySubject;
  let person = owner ? await loadForSignIn(area, owner) : undefined;
  const linked = !!person?.state && holdsLink(person.state, identityKey);
  if (!linked) {
    owner = await findEmailOwner(area, identity.email);
    person = owner ? await loadForSignIn(area, owner) : undefined;
  }
  if (!owner || !person) {
    throw new Unauthorized(
      `There is no Spaces user with the e-mail address ${identity.email}. Ask your administrator to add you`,
    );
  }
  if (!person.state) throw notCompleted();
  // The person unlinked it themself: their address does not link it again.
  if (!linked && person.state.social_unlinked?.includes(identityKey)) {
    throw new Unauthorized(
      `This ${socialProviderNames[identity.provider]} sign-in was unlinked from your Spaces user, so it cannot be used to sign in`,
    );
  }
  if (person.inactive) throw new Forbidden(person.inactive);
  const fullOwner = { area, ...owner };
  if (!linked) {
    await linkSocialIdentity(
      fullOwner,
      person.state,
      { provider: identity.provider, subject: identity.subject, email: identity.email },
      bySubject?.ownerId,
    );
  }
  // A person with a second factor gives a code next, as after a password.
  if (secondFactorRequired(area, person.state)) {
    return { challenge: await startChallenge(fullOwner, person.state, Date.now(), identityKey) };
  }
  // The session names its link: it ends when the link goes (functions/core/auth/authenticate.ts).
  return { session: await apiSignIn(fullOwner, person.state, identityKey) };
}
