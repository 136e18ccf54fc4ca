/**
 * Social sign-in (docs/product/admin-and-auth.md §2 "Login screen", §7): the providers the API accepts, what each
 * area offers on its login page, and how the identity broker (Cognito's domain in AWS, the local
 * OpenID provider on one machine) names each one. No zod here: the login page imports it.
 */
export const socialProviders = ['google', 'facebook', 'microsoft', 'linkedin'] as const;
export type SocialProvider = (typeof socialProviders)[number];

export const socialProviderNames: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
  linkedin: 'LinkedIn',
};

/**
 * The providers each area signs in with. The client login shows buttons for Google, Facebook
 * and Microsoft; LinkedIn is accepted by the API (the spec lists it and has a return page for
 * it) without a button. The admin login offers Google only.
 */
export const areaProviders = {
  client: ['google', 'facebook', 'microsoft', 'linkedin'],
  admin: ['google'],
} as const satisfies Record<'client' | 'admin', readonly SocialProvider[]>;

export const loginButtons = {
  client: ['google', 'facebook', 'microsoft'],
  admin: ['google'],
} as const satisfies Record<'client' | 'admin', readonly SocialProvider[]>;

/**
 * The broker's name of each provider: the `identity_provider` of the authorization request and
 * the `providerName` of the ID token's `identities` claim (Cognito's own names for Google and
 * Facebook; the names of the OIDC providers in the auth stack for Microsoft and LinkedIn).
 */
export const identityProviderNames: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
  linkedin: 'LinkedIn',
};

/**
 * Providers that give apps an account's e-mail address only once the account has confirmed it,
 * and send no verification flag (Facebook: Cognito maps no `email_verified` for it). An address
 * from any other provider counts as verified only when the ID token says so.
 */
export const confirmedAddressesOnly: readonly SocialProvider[] = ['facebook'];

/** The scopes the SPA asks the broker for; the broker asks each provider for its own. */
export const brokerScopes = 'openid email profile';

/** The popup's size (docs/product/admin-and-auth.md §9). */
export const popupSize = { width: 400, height: 400 };
