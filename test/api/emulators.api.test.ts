import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { ulid } from 'ulid';
import { readMailbox, startEmulators, type EmulatorPorts } from '../../infra/local/emulators';
import { cognitoClient } from '../../infra/local/emulators/cognito';
import { dynamoDbClient } from '../../infra/local/emulators/dynamodb';
import { isPortFree } from '../../infra/local/emulators/ports';
import { s3Client } from '../../infra/local/emulators/s3';

const env = inject('emulatorEnv');
// The SDK clients below find their credentials and region there, as the app's do.
Object.assign(process.env, env);
const dynamodb = dynamoDbClient(env.DYNAMODB_ENDPOINT!);
const s3 = s3Client(env.S3_ENDPOINT!);
const cognito = cognitoClient(env.COGNITO_ENDPOINT!);

afterAll(() => [dynamodb, s3, cognito].forEach((client) => client.destroy()));

describe('the emulators of the test run', () => {
  it('have the table of the table definition: keys, GSIs projecting what it says, on demand, time to live, a stream', async () => {
    const { Table: table } = await dynamodb.send(new DescribeTableCommand({ TableName: env.TABLE_NAME }));
    expect(table?.TableStatus).toBe('ACTIVE');
    expect(table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const indexes = table?.GlobalSecondaryIndexes?.map((index) => ({
      name: index.IndexName,
      keys: index.KeySchema?.map((key) => `${key.KeyType} ${key.AttributeName}`),
      projection: index.Projection?.ProjectionType,
    }));
    expect(indexes?.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual([
      { name: 'gsi1', keys: ['HASH gsi1pk', 'RANGE gsi1sk'], projection: 'ALL' },
      { name: 'gsi2', keys: ['HASH gsi2pk', 'RANGE gsi2sk'], projection: 'ALL' },
      { name: 'gsi3', keys: ['HASH gsi3pk', 'RANGE gsi3sk'], projection: 'ALL' },
      { name: 'gsi4', keys: ['HASH gsi4pk', 'RANGE gsi4sk'], projection: 'KEYS_ONLY' },
    ]);
    // The push to room displays reads it (infra/local/table-stream.ts), as Lambda does in AWS.
    expect(table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const { TimeToLiveDescription: ttl } = await dynamodb.send(
      new DescribeTimeToLiveCommand({ TableName: env.TABLE_NAME }),
    );
    expect(ttl).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  });

  it('have the uploads bucket, open to browser uploads from any origin', async () => {
    await s3.send(new HeadBucketCommand({ Bucket: env.UPLOADS_BUCKET }));
    const { CORSRules: rules } = await s3.send(new GetBucketCorsCommand({ Bucket: env.UPLOADS_BUCKET }));
    expect(rules?.[0]?.AllowedOrigins).toEqual(['*']);
    expect(rules?.[0]?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'PUT', 'POST']));
  });

  it.each([
    ['client', env.CLIENT_USER_POOL_ID, env.CLIENT_USER_POOL_CLIENT_ID],
    ['admin', env.ADMIN_USER_POOL_ID, env.ADMIN_USER_POOL_CLIENT_ID],
  ])(
    'have the %s user pool and its app client, with a secret as in AWS, for password sign-in',
    async (area, poolId, clientId) => {
      const { UserPool: pool } = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
      expect(pool?.Name).toBe(`spaces-${area}`);
      expect(pool?.Policies?.PasswordPolicy).toMatchObject({
        MinimumLength: 8,
        RequireUppercase: true,
        RequireNumbers: true,
      });
      const { UserPoolClient: app } = await cognito.send(
        new DescribeUserPoolClientCommand({ UserPoolId: poolId, ClientId: clientId }),
      );
      expect(app?.ClientName).toBe(`spaces-${area}-app`);
      expect(app?.ClientSecret).toEqual(expect.any(String));
      expect(app?.ExplicitAuthFlows).toEqual(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    },
  );

  it('sign a new user in with USER_PASSWORD_AUTH, with tokens whose issuer and JWKS are where env says', async () => {
    const poolId = env.CLIENT_USER_POOL_ID!;
    const username = ulid();
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: `${username.toLowerCase()}@example.com` }],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: username,
        Password: 'Passw0rd!',
        Permanent: true,
      }),
    );
    const { AuthenticationResult: tokens } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: env.CLIENT_USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'Passw0rd!' },
      }),
    );
    const issuer = `${env.COGNITO_ISSUER_BASE}/${poolId}`;
    const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(tokens?.AccessToken ?? '', jwks, { issuer });
    expect(payload).toMatchObject({
      token_use: 'access',
      client_id: env.CLIENT_USER_POOL_CLIENT_ID,
      username,
    });
    expect(tokens?.RefreshToken).toBeTruthy();
  });

  it('keep an e-mail sent through SESv2 in the mailbox', async () => {
    const to = `${ulid().toLowerCase()}@example.com`;
    const ses = new SESv2Client({ endpoint: env.SES_ENDPOINT, region: env.AWS_REGION });
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'Spaces <no-reply@spaces.test>',
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Your booking' },
            Body: { Html: { Data: '<p>Room 1 at 09:00</p>' }, Text: { Data: 'Room 1 at 09:00' } },
          },
        },
      }),
    );
    ses.destroy();
    const mail = (await readMailbox(inject('mailboxUrl'))).filter((sent) => sent.to.includes(to));
    expect(mail).toEqual([
      {
        from: 'Spaces <no-reply@spaces.test>',
        to: [to],
        subject: 'Your booking',
        html: '<p>Room 1 at 09:00</p>',
        text: 'Room 1 at 09:00',
        attachments: [],
        at: expect.any(Date),
      },
    ]);
  });

  it("have an OpenID provider standing in for Cognito's sign-in domain: discovery, PKCE, the app clients' return pages", async () => {
    const discovery = (await (
      await fetch(`${env.SOCIAL_ISSUER}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: env.SOCIAL_ISSUER,
      authorization_endpoint: `${env.SOCIAL_ISSUER}/auth`,
      token_endpoint: `${env.SOCIAL_ISSUER}/token`,
      code_challenge_methods_supported: ['S256'],
    });
    const keys = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: Array<{ kty: string }> };
    expect(keys.keys.map((key) => key.kty)).toEqual(['RSA']);
    const authorize = (redirect: string, extra: Record<string, string> = {}) =>
      fetch(
        `${env.SOCIAL_ISSUER}/auth?${new URLSearchParams({
          client_id: env.CLIENT_SOCIAL_CLIENT_ID!,
          response_type: 'code',
          scope: 'openid email',
          redirect_uri: redirect,
          state: 'state',
          nonce: 'nonce',
          identity_provider: 'Google',
          ...extra,
        })}`,
        { redirect: 'manual' },
      );
    const app = inject('baseUrl');
    // PKCE is required, and only the SPA's return pages are accepted.
    const withoutPkce = await authorize(`${app}/auth/google`);
    expect(new URL(withoutPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    expect(
      (
        await authorize('https://elsewhere.example/auth/google', {
          code_challenge: 'x'.repeat(43),
          code_challenge_method: 'S256',
        })
      ).status,
    ).toBe(400);
    const started = await authorize(`${app}/auth/google`, {
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toMatch(/^\/interaction\/[\w-]+$/);
  });

  it('refuse a second start on their ports, naming what holds them', async () => {
    const port = (name: string) => Number(new URL(env[name]!).port);
    const ports = {
      dynamodb: port('DYNAMODB_ENDPOINT'),
      s3: port('S3_ENDPOINT'),
      cognito: port('COGNITO_ENDPOINT'),
      ses: port('SES_ENDPOINT'),
      oidc: port('SOCIAL_ISSUER'),
    };
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spaces-emulators-'));
    await expect(startEmulators({ dataDir, ports, log: () => {} })).rejects.toThrow(
      `Port ${ports.dynamodb} (DynamoDB Local) is already in use by another DynamoDB Local — a previous run may still be running`,
    );
    await rm(dataDir, { recursive: true, force: true });
  });
});

/** Ports nothing listens on now, from the system's ephemeral range. */
async function freePorts(): Promise<EmulatorPorts> {
  const servers = await Promise.all(
    [0, 1, 2, 3, 4, 5, 6, 7].map(
      () =>
        new Promise<net.Server>((resolve) => {
          const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const [dynamodb, s3, cognito, ses, oidc, googleCalendar, microsoftGraph, events] = servers.map(
    (server) => (server.address() as net.AddressInfo).port,
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return {
    dynamodb: dynamodb!,
    s3: s3!,
    cognito: cognito!,
    ses: ses!,
    oidc: oidc!,
    googleCalendar: googleCalendar!,
    microsoftGraph: microsoftGraph!,
    events: events!,
  };
}

describe('startEmulators', () => {
  it(
    'keeps tables, pools and ids across a restart on the same data, and frees every port on stop',
    { timeout: 180_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spaces-emulators-'));
      const ports = await freePorts();
      const item = { pk: { S: 'KEPT#1#' }, sk: { S: 'KEPT#1#' } };
      const first = await startEmulators({ dataDir, ports, log: () => {} });
      try {
        expect(await first.health()).toEqual({
          dynamodb: 'ok',
          s3: 'ok',
          cognito: 'ok',
          ses: 'ok',
          oidc: 'ok',
        });
        const client = dynamoDbClient(first.env.DYNAMODB_ENDPOINT!);
        await client.send(new PutItemCommand({ TableName: first.env.TABLE_NAME, Item: item }));
        client.destroy();
      } finally {
        await Promise.all([first.stop(), first.stop()]);
      }
      for (const port of Object.values(ports)) expect(await isPortFree(port)).toBe(true);

      const second = await startEmulators({ dataDir, ports, log: () => {} });
      try {
        expect(second.env).toEqual(first.env);
        expect(await second.health()).toEqual({
          dynamodb: 'ok',
          s3: 'ok',
          cognito: 'ok',
          ses: 'ok',
          oidc: 'ok',
        });
        const client = dynamoDbClient(second.env.DYNAMODB_ENDPOINT!);
        const { Item: kept } = await client.send(
          new GetItemCommand({ TableName: second.env.TABLE_NAME, Key: item }),
        );
        client.destroy();
        expect(kept).toEqual(item);
      } finally {
        await second.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
