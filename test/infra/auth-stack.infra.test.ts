import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, synthSpaces, type Synthesized } from './support';

let synth: Synthesized;
beforeAll(() => {
  synth = synthSpaces();
});

describe('the user pools', () => {
  it('are two: one for client users, one for admins', () => {
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPool', 2);
    synth.templates.auth.resourceCountIs('AWS::Cognito::UserPoolClient', 2);
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

describe('the app clients', () => {
  it('allow USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH only, without a secret', () => {
    synth.templates.auth.allResourcesProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
    });
  });

  it('issue 1 h access tokens and 30 d refresh tokens that can be revoked', () => {
    synth.templates.auth.allResourcesProperties('AWS::Cognito::UserPoolClient', {
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('belong one to each pool', () => {
    const { clientPool, adminPool } = synth.stacks.auth;
    for (const pool of [clientPool, adminPool]) {
      synth.templates.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        UserPoolId: { Ref: logicalId(synth.stacks.auth, pool.pool) },
      });
    }
  });
});
