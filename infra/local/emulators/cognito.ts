import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { clientConfig, localUrl, PROBE_TIMEOUT_MS, probeOptions } from './aws';
import { EMULATOR_LABELS } from './ports';
import type { ManagedChild, Supervisor } from './processes';

const READY_TIMEOUT_MS = 30_000;
const COGNITO_LOCAL_CLI = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');

/** The two user pools, each with the one app client the API signs users in with. */
export const USER_POOLS = {
  client: { poolName: 'spaces-client', clientName: 'spaces-client-app' },
  admin: { poolName: 'spaces-admin', clientName: 'spaces-admin-app' },
} as const;

/** Ids of a user pool and of its app client. */
export interface PoolIds {
  poolId: string;
  clientId: string;
}

/** An SDK client for cognito-local at `endpoint`. */
export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient(clientConfig(endpoint));
}

/** Whether cognito-local answers on `port` (its `/health` route). */
export async function answersLikeCognito(port: number): Promise<boolean> {
  try {
    const response = await fetch(`${localUrl(port)}/health`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.ok && ((await response.json()) as { ok?: unknown }).ok === true;
  } catch {
    return false;
  }
}

/**
 * Starts cognito-local on 127.0.0.1:`port` with `directory` as its working directory, so that its
 * database lives in `<directory>/.cognito/db` (one JSON file per pool, plus `clients.json`).
 *
 * Its tokens carry `iss` = `http://127.0.0.1:<port>/<poolId>` (HOST and PORT make its issuer
 * domain), and it serves the pools' JWKS at `http://127.0.0.1:<port>/<poolId>/.well-known/jwks.json`
 * — the same layout as Cognito's, one RS256 key (kid `CognitoLocal`) for every pool. Its
 * `/.well-known/openid-configuration` names `localhost:9229` whatever the port: don't use it.
 */
export async function startCognito(
  supervisor: Supervisor,
  { port, directory }: { port: number; directory: string },
): Promise<ManagedChild> {
  // cognito-local makes every pool sign in by e-mail unless told otherwise; Spaces' usernames
  // are user ids, so its pools have no username attributes, as in the CDK auth stack.
  await mkdir(path.join(directory, '.cognito'), { recursive: true });
  await writeFile(
    path.join(directory, '.cognito/config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }, null, 2),
  );
  const child = supervisor.adopt(
    EMULATOR_LABELS.cognito,
    spawn(process.execPath, [COGNITO_LOCAL_CLI], {
      cwd: directory,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        // It bundles the AWS SDK v2 (for Lambda triggers), which would warn about its end of life.
        AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  await child.waitUntilReady(() => answersLikeCognito(port), READY_TIMEOUT_MS);
  return child;
}

/**
 * Finds the client and admin pools and their app clients by name, creating what is missing, so
 * that a restart on the same data keeps the same ids. Usernames are free strings (the app's user
 * ids), passwords need at least 8 characters mixing upper and lower case and digits (cognito-local
 * does not enforce this); app clients have a secret, as in AWS (the API sends its SECRET_HASH,
 * which cognito-local does not check), allow USER_PASSWORD_AUTH and refresh, and keep Cognito's
 * default token lifetimes (60 minutes; refresh 30 days).
 */
export async function ensureUserPools(
  client: CognitoIdentityProviderClient,
): Promise<Record<keyof typeof USER_POOLS, PoolIds>> {
  const { UserPools: pools = [] } = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  const ensure = async ({
    poolName,
    clientName,
  }: {
    poolName: string;
    clientName: string;
  }): Promise<PoolIds> => {
    const poolId = pools.find((pool) => pool.Name === poolName)?.Id ?? (await createPool(client, poolName));
    const { UserPoolClients: appClients = [] } = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }),
    );
    const clientId =
      appClients.find((app) => app.ClientName === clientName)?.ClientId ??
      (await createAppClient(client, poolId, clientName));
    return { poolId, clientId };
  };
  return { client: await ensure(USER_POOLS.client), admin: await ensure(USER_POOLS.admin) };
}

async function createPool(client: CognitoIdentityProviderClient, poolName: string): Promise<string> {
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: poolName,
      // Usernames are the app's user ids (functions/core/auth/identity.ts); the e-mail is an attribute.
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
    }),
  );
  if (!UserPool?.Id) throw new Error(`cognito-local created user pool ${poolName} without an id`);
  return UserPool.Id;
}

async function createAppClient(
  client: CognitoIdentityProviderClient,
  poolId: string,
  clientName: string,
): Promise<string> {
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: clientName,
      GenerateSecret: true,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  if (!UserPoolClient?.ClientId)
    throw new Error(`cognito-local created app client ${clientName} without an id`);
  return UserPoolClient.ClientId;
}

/** "ok" when both pools answer. */
export async function poolsHealth(client: CognitoIdentityProviderClient, poolIds: string[]): Promise<string> {
  await Promise.all(
    poolIds.map((UserPoolId) => client.send(new DescribeUserPoolCommand({ UserPoolId }), probeOptions())),
  );
  return 'ok';
}
