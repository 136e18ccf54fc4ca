import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { cognitoClient } from '../../infra/local/emulators/cognito';

/**
 * Cognito asked directly, as someone would who has a person's password or a refresh token and the
 * app client's id (any Cognito access token names it): the emulator's user pools, not the API.
 * cognito-local checks no SECRET_HASH, so these succeed here where Cognito itself (a confidential
 * app client, infra/cdk/stacks/auth-stack.ts) refuses them; the API must refuse what they get.
 */
type Area = 'client' | 'admin';

function appClient(area: Area): string {
  const env = inject('emulatorEnv');
  return area === 'client' ? env.CLIENT_USER_POOL_CLIENT_ID! : env.ADMIN_USER_POOL_CLIENT_ID!;
}

const cognito = () => cognitoClient(inject('emulatorEnv').COGNITO_ENDPOINT!);

/** USER_PASSWORD_AUTH straight at the pool: its access and refresh tokens. */
export async function passwordAtCognito(area: Area, username: string, password: string) {
  const { AuthenticationResult: auth } = await cognito().send(
    new InitiateAuthCommand({
      ClientId: appClient(area),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  return { accessToken: auth!.AccessToken!, refreshToken: auth!.RefreshToken! };
}

/** REFRESH_TOKEN_AUTH straight at the pool: a new access token. */
export async function refreshAtCognito(area: Area, refreshToken: string): Promise<string> {
  const { AuthenticationResult: auth } = await cognito().send(
    new InitiateAuthCommand({
      ClientId: appClient(area),
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  return auth!.AccessToken!;
}
