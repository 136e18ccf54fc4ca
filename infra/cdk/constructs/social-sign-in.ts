import { Duration, SecretValue } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct, type IDependable } from 'constructs';
import { identityProviderNames, type SocialProvider } from '@shared/social';
import type { SocialSettings } from '../config';

export interface SocialSignInProps {
  readonly pool: cognito.UserPool;
  /** `client` or `admin`: the Cognito domain is `<domainPrefix>-<area>`. */
  readonly area: 'client' | 'admin';
  /** The providers this pool federates (shared/social.ts, `areaProviders`). */
  readonly providers: readonly SocialProvider[];
  /** The SPA's origin: each provider's return page is `<appUrl>/auth/<provider>`. */
  readonly appUrl: string;
  readonly settings: SocialSettings;
}

/** Scopes Cognito asks Microsoft for: sign-in, and the calendars the venues link later (docs/product/admin-and-auth.md §2). */
export const MICROSOFT_SCOPES = [
  'openid',
  'email',
  'profile',
  'offline_access',
  'https://graph.microsoft.com/Calendars.ReadWrite',
];

/**
 * Social sign-in on one user pool: the pool's Cognito domain (the identity broker), the
 * providers it federates — Google and Facebook as Cognito's own provider types, Microsoft and
 * LinkedIn as OIDC providers — and the app client the SPA starts the authorization-code grant
 * with (PKCE, no secret; the API exchanges the code and verifies the ID token). Each provider's
 * client id and secret come from Secrets Manager (`<secretPrefix>/<provider>`, JSON with
 * `client_id` and `client_secret`) as dynamic references, never as literals in the template.
 */
export class SocialSignIn extends Construct {
  readonly domain: cognito.UserPoolDomain;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: SocialSignInProps) {
    super(scope, id);
    const { pool, settings } = props;
    this.domain = pool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: `${settings.domainPrefix}-${props.area}` },
    });

    const credential = (provider: SocialProvider, field: 'client_id' | 'client_secret') =>
      SecretValue.secretsManager(`${settings.secretPrefix}/${provider}`, { jsonField: field });
    const clientId = (provider: SocialProvider) => credential(provider, 'client_id').unsafeUnwrap();
    const clientSecret = (provider: SocialProvider) => credential(provider, 'client_secret').unsafeUnwrap();

    const build: Record<SocialProvider, () => IDependable> = {
      google: () =>
        new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: pool,
          clientId: clientId('google'),
          clientSecretValue: credential('google', 'client_secret'),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
          },
        }),
      facebook: () =>
        new cognito.UserPoolIdentityProviderFacebook(this, 'Facebook', {
          userPool: pool,
          clientId: clientId('facebook'),
          clientSecret: clientSecret('facebook'),
          scopes: ['public_profile', 'email'],
          attributeMapping: {
            email: cognito.ProviderAttribute.FACEBOOK_EMAIL,
            givenName: cognito.ProviderAttribute.FACEBOOK_FIRST_NAME,
            familyName: cognito.ProviderAttribute.FACEBOOK_LAST_NAME,
          },
        }),
      microsoft: () =>
        new cognito.UserPoolIdentityProviderOidc(this, 'Microsoft', {
          userPool: pool,
          name: identityProviderNames.microsoft,
          clientId: clientId('microsoft'),
          clientSecret: clientSecret('microsoft'),
          issuerUrl: `https://login.microsoftonline.com/${settings.microsoftTenant}/v2.0`,
          scopes: MICROSOFT_SCOPES,
          attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
          attributeMapping: {
            email: cognito.ProviderAttribute.other('email'),
            // Entra's optional claim that the e-mail domain's owner verified the address.
            emailVerified: cognito.ProviderAttribute.other('xms_edov'),
            givenName: cognito.ProviderAttribute.other('given_name'),
            familyName: cognito.ProviderAttribute.other('family_name'),
          },
        }),
      linkedin: () =>
        new cognito.UserPoolIdentityProviderOidc(this, 'LinkedIn', {
          userPool: pool,
          name: identityProviderNames.linkedin,
          clientId: clientId('linkedin'),
          clientSecret: clientSecret('linkedin'),
          issuerUrl: 'https://www.linkedin.com/oauth',
          scopes: ['openid', 'profile', 'email'],
          attributeRequestMethod: cognito.OidcAttributeRequestMethod.GET,
          attributeMapping: {
            email: cognito.ProviderAttribute.other('email'),
            emailVerified: cognito.ProviderAttribute.other('email_verified'),
            givenName: cognito.ProviderAttribute.other('given_name'),
            familyName: cognito.ProviderAttribute.other('family_name'),
          },
        }),
    };
    const identityProviders = props.providers.map((provider) => build[provider]());
    const supported: Record<SocialProvider, cognito.UserPoolClientIdentityProvider> = {
      google: cognito.UserPoolClientIdentityProvider.GOOGLE,
      facebook: cognito.UserPoolClientIdentityProvider.FACEBOOK,
      microsoft: cognito.UserPoolClientIdentityProvider.custom(identityProviderNames.microsoft),
      linkedin: cognito.UserPoolClientIdentityProvider.custom(identityProviderNames.linkedin),
    };

    this.client = pool.addClient('SocialClient', {
      userPoolClientName: 'social',
      generateSecret: false,
      // Only the authorization-code grant: no password flows on this client.
      authFlows: { userPassword: false, userSrp: false, custom: false, adminUserPassword: false },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
        callbackUrls: props.providers.map((provider) => `${props.appUrl}/auth/${provider}`),
        logoutUrls: [`${props.appUrl}${props.area === 'admin' ? '/admin/login' : '/login'}`],
      },
      supportedIdentityProviders: props.providers.map((provider) => supported[provider]),
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(1),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });
    for (const provider of identityProviders) this.client.node.addDependency(provider);
  }
}
