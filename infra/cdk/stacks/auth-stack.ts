import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { areaProviders } from '@shared/social';
import type { SocialSettings } from '../config';
import { SocialSignIn } from '../constructs/social-sign-in';

export interface AuthStackProps extends StackProps {
  /** The SPA's origin: the social providers' return pages are there. */
  readonly appUrl: string;
  readonly social: SocialSettings;
}

/**
 * Two user pools, one for customer accounts' users and one for platform admins. They hold
 * passwords only; profile, role and status live in the table (docs/architecture.md §5). Users are created
 * by the API (no self sign-up) and sign in with e-mail and password through the API, or through
 * a social provider that the pool's Cognito domain federates (Google, Facebook, Microsoft and
 * LinkedIn for clients; Google for admins).
 */
export class AuthStack extends Stack {
  readonly clientPool: UsersPool;
  readonly adminPool: UsersPool;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const social = { appUrl: props.appUrl, settings: props.social };
    this.clientPool = new UsersPool(this, 'Client', {
      audience: 'customer accounts',
      area: 'client',
      ...social,
    });
    this.adminPool = new UsersPool(this, 'Admin', {
      audience: 'platform administrators',
      area: 'admin',
      ...social,
    });

    new CfnOutput(this, 'ClientUserPoolId', { value: this.clientPool.pool.userPoolId });
    new CfnOutput(this, 'AdminUserPoolId', { value: this.adminPool.pool.userPoolId });
    // The API's password app clients, read by `npm run create-admin` (docs/first-admin.md).
    new CfnOutput(this, 'ClientUserPoolClientId', { value: this.clientPool.client.userPoolClientId });
    new CfnOutput(this, 'AdminUserPoolClientId', { value: this.adminPool.client.userPoolClientId });
    for (const [name, pool] of [
      ['Client', this.clientPool],
      ['Admin', this.adminPool],
    ] as const) {
      if (!pool.social) continue;
      // CloudFormation takes only a literal string as an output's description (cfn-lint E6003).
      new CfnOutput(this, `${name}SignInDomain`, {
        description: `The ${name.toLowerCase()} pool's Cognito domain: register <domain>/oauth2/idpresponse as the redirect URI at each social provider`,
        value: pool.social.domain.baseUrl(),
      });
    }
  }
}

interface UsersPoolProps {
  readonly audience: string;
  readonly area: 'client' | 'admin';
  readonly appUrl: string;
  readonly settings: SocialSettings;
}

/** A user pool, the API's app client for it, and its social sign-in. */
export class UsersPool extends Construct {
  readonly pool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Absent when the stage registers none of the area's providers (`socialProviders`). */
  readonly social: SocialSignIn | undefined;

  constructor(scope: Construct, id: string, props: UsersPoolProps) {
    super(scope, id);
    this.pool = new cognito.UserPool(this, 'Pool', {
      userPoolName: `${Stack.of(this).stackName}-${id.toLowerCase()}`,
      selfSignUpEnabled: false,
      // The Cognito username is the user's id (functions/core/auth/identity.ts): the API looks the
      // e-mail up in DynamoDB first, so an address can change without a new Cognito user.
      signInAliases: { username: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The password rule (docs/product/client-area.md §5): at least 8 characters, a lower-case letter, an upper-case letter, a digit.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      // Passwords exist nowhere else: a replaced pool would lock every user out.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.pool.addClient('ApiClient', {
      userPoolClientName: 'api',
      // Confidential: only the API, which reads the secret at run time (functions/core/auth/identity.ts),
      // can sign in with a password or refresh a token here, so every sign-in meets its lock.
      generateSecret: true,
      // USER_PASSWORD_AUTH; CDK adds ALLOW_REFRESH_TOKEN_AUTH whenever an auth flow is set.
      authFlows: { userPassword: true },
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // Password sign-in goes through the API; social sign-in has its own app client.
      disableOAuth: true,
    });
    const providers = areaProviders[props.area].filter((provider) =>
      props.settings.providers.includes(provider),
    );
    this.social = providers.length
      ? new SocialSignIn(this, 'Social', {
          pool: this.pool,
          area: props.area,
          providers,
          appUrl: props.appUrl,
          settings: props.settings,
        })
      : undefined;

    Validations.of(this.pool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: `The product's password rule (spec, client area) is 8+ characters with lower, upper and digit; a required symbol would reject passwords the ${props.audience} are told are valid.`,
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          "The API asks for the second factor itself (TOTP; every super admin, client users who turn it on), also after a social sign-in, which Cognito's MFA would not challenge; Cognito's tokens for a password alone are refused for those people (docs/decisions.md).",
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection needs the Plus feature plan (per-MAU cost); the API locks sign-in per e-mail after repeated failures (functions/auth/throttle.ts).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials covers what the product uses (password sign-in, refresh, revocation, later federation); Plus only adds threat protection, see COG3.',
      },
    );
  }
}
