import { cognito } from '../aws/cognito';
import { poolOf, type Area } from '../http/tokens';

/**
 * Passwords live in Cognito only. The Cognito username is the user's (or admin's) id, so an
 * access token names the profile to load; the e-mail is looked up in DynamoDB first.
 */
export interface Session {
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
}

/**
 * Creates a Cognito login. Without a password the login cannot sign in until one is set (the
 * reset link a new Account Admin is e-mailed).
 */
export async function createLogin(
  area: Area,
  username: string,
  email: string,
  password: string | undefined,
): Promise<void> {
  const { poolId } = poolOf(area);
  const aws = await cognito();
  await aws.client.send(
    new aws.AdminCreateUserCommand({
      UserPoolId: poolId,
      Username: username,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  if (password) await setPassword(area, username, password);
}

/** Removes a login; one that does not exist is already gone. */
export async function deleteLogin(area: Area, username: string): Promise<void> {
  const aws = await cognito();
  await aws.client
    .send(new aws.AdminDeleteUserCommand({ UserPoolId: poolOf(area).poolId, Username: username }))
    .catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
    });
}

/** Changes a login's e-mail attribute (sign-in looks the address up in DynamoDB, not here). */
export async function setLoginEmail(area: Area, username: string, email: string): Promise<void> {
  const aws = await cognito();
  await aws.client.send(
    new aws.AdminUpdateUserAttributesCommand({
      UserPoolId: poolOf(area).poolId,
      Username: username,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

export async function setPassword(area: Area, username: string, password: string): Promise<void> {
  const aws = await cognito();
  await aws.client.send(
    new aws.AdminSetUserPasswordCommand({
      UserPoolId: poolOf(area).poolId,
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
}

/**
 * Cognito's answers to a wrong password, an unknown user or a revoked token, told by name.
 * cognito-local answers a wrong password with InvalidPasswordException where Cognito says
 * NotAuthorizedException.
 */
const refusals = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordResetRequiredException',
]);

function isRefused(error: unknown): boolean {
  return refusals.has((error as { name?: string }).name ?? '');
}

/** Checks a password; undefined when Cognito refuses it. */
export async function signIn(area: Area, username: string, password: string): Promise<Session | undefined> {
  const aws = await cognito();
  try {
    const { AuthenticationResult: auth } = await aws.client.send(
      new aws.InitiateAuthCommand({
        ClientId: poolOf(area).clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    if (!auth?.AccessToken) return undefined;
    return {
      accessToken: auth.AccessToken,
      refreshToken: auth.RefreshToken,
      expiresIn: auth.ExpiresIn ?? 3600,
    };
  } catch (error) {
    if (isRefused(error)) return undefined;
    throw error;
  }
}

export async function refreshSession(area: Area, refreshToken: string): Promise<Session | undefined> {
  const aws = await cognito();
  try {
    const { AuthenticationResult: auth } = await aws.client.send(
      new aws.InitiateAuthCommand({
        ClientId: poolOf(area).clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    if (!auth?.AccessToken) return undefined;
    return { accessToken: auth.AccessToken, refreshToken, expiresIn: auth.ExpiresIn ?? 3600 };
  } catch (error) {
    if (isRefused(error)) return undefined;
    throw error;
  }
}

/** Revokes a refresh token (and the access tokens issued from it, in Cognito). */
export async function revokeRefreshToken(area: Area, refreshToken: string): Promise<void> {
  const aws = await cognito();
  await aws.client
    .send(new aws.RevokeTokenCommand({ ClientId: poolOf(area).clientId, Token: refreshToken }))
    .catch((error: unknown) => {
      if (!isRefused(error)) throw error;
    });
}
