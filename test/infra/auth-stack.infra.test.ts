import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, synthSpaces, type Synthesized } from './support';

let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces();
});

describe('the user pools', () => {
  it('are two: one for client users, one for admins', () => {
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPool', 2);
    // Per pool: the API's password client and the social sign-in client.
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 4);
  });

  it("sign in by user id (the API maps e-mails to ids), admit no self sign-up and keep the spec's password rule", () => {
    const pools = synth.templates.auth.findResources('AWS::Cognito::UserPool', {
      Properties: {
        UsernameAttributes: Match.absent(),
        AliasAttributes: Match.absent(),
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: false,
          },
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        MfaConfiguration: 'OFF',
        DeletionProtection: 'ACTIVE',
      },
      DeletionPolicy: 'Retain',
    });
    expect(Object.keys(pools)).toHaveLength(2);
  });

  it('do not turn on threat protection (advanced security)', () => {
    synth.templates.auth.allResourcesProperties('AWS::Cognito::UserPool', {
      UserPoolAddOns: Match.absent(),
      UserPoolTier: 'ESSENTIALS',
    });
  });
});

describe("the API's password app clients", () => {
  const apiClients = () =>
    Object.values(
      synth.templates.auth.findResources('AWS::Cognito::UserPoolClient', {
        Properties: { ClientName: 'api' },
      }),
    ).map((resource) => (resource as { Properties: Record<string, unknown> }).Properties);

  it('allow USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH only, with a secret', () => {
    expect(apiClients()).toHaveLength(2);
    for (const client of apiClients()) {
      expect(client.ExplicitAuthFlows).toEqual(
        expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      );
      expect(client.ExplicitAuthFlows).toHaveLength(2);
      expect(client.GenerateSecret).toBe(true);
      expect(client.AllowedOAuthFlows).toBeUndefined();
    }
  });

  // Only the API, which reads the secret, can sign in or refresh at them: nobody reaches around
  // its sign-in lock or refreshes a session that ended (docs/architecture.md "Sign-in").
  it.each([
    ['dev', { stage: 'dev' }],
    ['prod', { stage: 'prod', region: 'eu-west-2' }],
  ])('are confidential in the %s stage', (_name, context) => {
    const stage = synthSpaces({ context });
    const clients = stage.templates.auth.findResources('AWS::Cognito::UserPoolClient', {
      Properties: { ClientName: 'api' },
    });
    expect(Object.keys(clients)).toHaveLength(2);
    for (const client of Object.values(clients)) {
      expect((client as { Properties: { GenerateSecret?: boolean } }).Properties.GenerateSecret).toBe(true);
    }
  });

  it('issue 1 h access tokens and 30 d refresh tokens that can be revoked', () => {
    for (const client of apiClients()) {
      expect(client).toMatchObject({
        AccessTokenValidity: 60,
        IdTokenValidity: 60,
        RefreshTokenValidity: 30 * 24 * 60,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
      });
    }
  });

  it('belong one to each pool', () => {
    const { clientPool, adminPool } = synth.stacks.auth;
    for (const pool of [clientPool, adminPool]) {
      synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        ClientName: 'api',
        UserPoolId: { Ref: logicalId(synth.stacks.auth, pool.pool) },
      });
    }
  });

  it('are outputs of the stack beside their pools (npm run create-admin reads them, docs/first-admin.md)', () => {
    const { auth } = synth.stacks;
    for (const [name, pool] of [
      ['Client', auth.clientPool],
      ['Admin', auth.adminPool],
    ] as const) {
      synth.templates.auth.hasOutput(`${name}UserPoolId`, { Value: { Ref: logicalId(auth, pool.pool) } });
      synth.templates.auth.hasOutput(`${name}UserPoolClientId`, {
        Value: { Ref: logicalId(auth, pool.client) },
      });
    }
  });
});

describe('social sign-in', () => {
  const secret = (provider: string, field: string) =>
    `{{resolve:secretsmanager:spaces/test/social/${provider}:SecretString:${field}::}}`;
  const poolRef = (which: 'clientPool' | 'adminPool') => ({
    Ref: logicalId(synth.stacks.auth, synth.stacks.auth[which].pool),
  });

  it('gives each pool a Cognito domain of its stage', () => {
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: 'spaces-test-123456789012-client',
      UserPoolId: poolRef('clientPool'),
    });
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: 'spaces-test-123456789012-admin',
      UserPoolId: poolRef('adminPool'),
    });
  });

  it('federates Google and Facebook (Cognito types) and Microsoft and LinkedIn (OIDC) on the client pool', () => {
    const providers = synth.templates.auth.findResources('AWS::Cognito::UserPoolIdentityProvider', {
      Properties: { UserPoolId: poolRef('clientPool') },
    });
    const byName = Object.fromEntries(
      Object.values(providers).map((resource) => {
        const properties = (resource as { Properties: { ProviderName: string } }).Properties;
        return [properties.ProviderName, properties];
      }),
    );
    expect(Object.keys(byName).sort()).toEqual(['Facebook', 'Google', 'LinkedIn', 'Microsoft']);
    expect(byName.Google).toMatchObject({
      ProviderType: 'Google',
      ProviderDetails: { authorize_scopes: 'openid email profile' },
      AttributeMapping: { email: 'email', email_verified: 'email_verified', given_name: 'given_name' },
    });
    expect(byName.Facebook).toMatchObject({
      ProviderType: 'Facebook',
      ProviderDetails: { authorize_scopes: 'public_profile,email' },
      AttributeMapping: { email: 'email', given_name: 'first_name', family_name: 'last_name' },
    });
    expect(byName.Microsoft).toMatchObject({
      ProviderType: 'OIDC',
      ProviderDetails: {
        oidc_issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
        attributes_request_method: 'GET',
      },
      AttributeMapping: { email: 'email', email_verified: 'xms_edov' },
    });
    // The spec: Microsoft's scopes include calendar read and write (for linked calendars).
    expect(
      (byName.Microsoft as unknown as { ProviderDetails: { authorize_scopes: string } }).ProviderDetails
        .authorize_scopes,
    ).toContain('https://graph.microsoft.com/Calendars.ReadWrite');
    expect(byName.LinkedIn).toMatchObject({
      ProviderType: 'OIDC',
      ProviderDetails: {
        oidc_issuer: 'https://www.linkedin.com/oauth',
        authorize_scopes: 'openid profile email',
      },
      AttributeMapping: { email: 'email', email_verified: 'email_verified' },
    });
  });

  it('federates only Google on the admin pool', () => {
    const providers = Object.values(
      synth.templates.auth.findResources('AWS::Cognito::UserPoolIdentityProvider', {
        Properties: { UserPoolId: poolRef('adminPool') },
      }),
    ).map((resource) => (resource as { Properties: { ProviderName: string } }).Properties.ProviderName);
    expect(providers).toEqual(['Google']);
  });

  it("reads every provider's client id and secret from Secrets Manager by name, never as a literal", () => {
    const providers = synth.templates.auth.findResources('AWS::Cognito::UserPoolIdentityProvider');
    expect(Object.keys(providers)).toHaveLength(5);
    for (const resource of Object.values(providers)) {
      const { ProviderName, ProviderDetails } = (
        resource as { Properties: { ProviderName: string; ProviderDetails: Record<string, string> } }
      ).Properties;
      const provider = ProviderName.toLowerCase();
      expect(ProviderDetails.client_id).toBe(secret(provider, 'client_id'));
      expect(ProviderDetails.client_secret).toBe(secret(provider, 'client_secret'));
    }
  });

  it('has an app client per pool: code grant only, no secret, return pages of the environment', () => {
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ClientName: 'social',
      UserPoolId: poolRef('clientPool'),
      GenerateSecret: false,
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      CallbackURLs: [
        'https://spaces.example.com/auth/google',
        'https://spaces.example.com/auth/facebook',
        'https://spaces.example.com/auth/microsoft',
        'https://spaces.example.com/auth/linkedin',
      ],
      SupportedIdentityProviders: ['Google', 'Facebook', 'Microsoft', 'LinkedIn'],
    });
    synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ClientName: 'social',
      UserPoolId: poolRef('adminPool'),
      AllowedOAuthFlows: ['code'],
      CallbackURLs: ['https://spaces.example.com/auth/google'],
      SupportedIdentityProviders: ['Google'],
    });
  });

  it("gives the API each pool's social app client", () => {
    const { clientPool, adminPool } = synth.stacks.auth;
    synth.templates.api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          CLIENT_SOCIAL_CLIENT_ID: Match.anyValue(),
          ADMIN_SOCIAL_CLIENT_ID: Match.anyValue(),
        }),
      },
    });
    expect(clientPool.social!.client.userPoolClientId).not.toBe(adminPool.social!.client.userPoolClientId);
  });
});
