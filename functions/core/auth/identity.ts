import { createHmac } from 'node:crypto';
import { cognito } from '../aws/cognito';
import { poolOf, type Area } from './tokens';

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

/**
 * The API's app client of an area is confidential (infra/cdk/stacks/auth-stack.ts): Cognito takes
 * a sign-in only with a SECRET_HASH of its secret, which only the API reads (DescribeUserPoolClient,
 * once per container; a failed read is tried again on the next request). A client without a secret
 * (the emulator's, made before it had one) needs none.
 */
const clientSecrets = new Map<Area, Promise<string | undefined>>();

function clientSecret(area: Area): Promise<string | undefined> {
  let secret = clientSecrets.get(area);
  if (!secret) {
    secret = (async () => {
      const aws = await cognito();
      const { poolId, clientId } = poolOf(area);
      const { UserPoolClient } = await aws.client.send(
        new aws.DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }),
      );
      return UserPoolClient?.ClientSecret;
    })();
    clientSecrets.set(area, secret);
    secret.catch(() => {
      if (clientSecrets.get(area) === secret) clientSecrets.delete(area);
    });
  }
  return secret;
}

/** Cognito's SECRET_HASH: Base64 of HMAC-SHA256(username + client id) keyed with the client secret. */
function secretHash(username: string, clientId: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(username + clientId)
    .digest('base64');
}

/**
 * Checks a password, and nothing more: every session is the API's own (functions/auth/sign-in.ts),
 * so the refresh token Cognito answers a right password with is revoked at once (and with it the
 * access token it came with). False when Cognito refuses the password.
 */
export async function checkPassword(area: Area, username: string, password: string): Promise<boolean> {
  const aws = await cognito();
  const { clientId } = poolOf(area);
  const secret = await clientSecret(area);
  let refreshToken: string | undefined;
  try {
    const { AuthenticationResult: auth } = await aws.client.send(
      new aws.InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: {
          USERNAME: username,
          PASSWORD: password,
          ...(secret ? { SECRET_HASH: secretHash(username, clientId, secret) } : {}),
        },
      }),
    );
    if (!auth?.AccessToken) return false;
    refreshToken = auth.RefreshToken;
  } catch (error) {
    if (isRefused(error)) return false;
    throw error;
  }
  if (refreshToken) {
    await aws.client
      .send(
        new aws.RevokeTokenCommand({
          ClientId: clientId,
          Token: refreshToken,
          ...(secret ? { ClientSecret: secret } : {}),
        }),
      )
      .catch((error: unknown) => {
        if (!isRefused(error)) throw error;
      });
  }
  return true;
}
