/**
 * The AWS services of Spaces on one machine (docs/architecture.md §3): DynamoDB Local, s3rver, cognito-local
 * and aws-ses-v2-local, and an OpenID provider standing in for the user pools' Cognito domain,
 * started together, bootstrapped with the table, bucket, user pools and app clients the app
 * expects, and stopped together on every way out. With them, the stand-ins for Google Calendar
 * and Microsoft Graph (linked calendars), whose tokens that OpenID provider issues, and for
 * AppSync Events (the displays' push channel).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localUrl } from './aws';
import { answersLikeCognito, cognitoClient, ensureUserPools, poolsHealth, startCognito } from './cognito';
import { answersLikeDynamoDb, dynamoDbClient, ensureTable, startDynamoDb, tableHealth } from './dynamodb';
import { answersLikeEvents, startEvents, type RunningEvents } from './events';
import {
  assertPortsFree,
  resolvePorts,
  type AwsEmulatorName,
  type CalendarStandInName,
  type EmulatorName,
  type EmulatorPorts,
} from './ports';
import { Supervisor, type Log } from './processes';
import { answersLikeS3, bucketHealth, ensureBucket, s3Client, startS3, type LocalS3 } from './s3';
import { answersLikeSes, startSes } from './ses';
import {
  answersLikeOidc,
  LOCAL_CALENDAR_CLIENTS,
  LOCAL_SOCIAL_CLIENTS,
  startOidc,
  type LocalOidc,
} from './oidc';
import { startGoogleCalendar } from './google-calendar';
import { startMicrosoftGraph } from './microsoft-graph';
import { answersLikeStandIn, type RunningStandIn } from './standin-server';

export { readMailbox, type SentMail } from './ses';
export {
  DEFAULT_PORTS,
  portVariable,
  resolvePorts,
  type AwsEmulatorName,
  type CalendarStandInName,
  type EmulatorName,
  type EmulatorPorts,
} from './ports';

/** Table name unless `tableName` or `SPACES_TABLE_NAME` says otherwise. */
export const DEFAULT_TABLE_NAME = 'spaces-local';
/** How long an external DynamoDB endpoint (SPACES_DYNAMODB_ENDPOINT) may take to answer at start. */
const EXTERNAL_DYNAMODB_WAIT_MS = 15_000;
/** Name of the uploads bucket. */
export const UPLOADS_BUCKET = 'spaces-local-uploads';
/** The push channel's namespace handlers, the file the CDK deploys (infra/cdk/appsync/). */
const DISPLAYS_NAMESPACE = path.resolve(import.meta.dirname, '../../cdk/appsync/displays-namespace.js');

/** How to start the emulators. */
export interface EmulatorOptions {
  /** Where the emulators keep their data: `dynamodb/`, `s3/` and `cognito/` beneath it. */
  dataDir: string;
  /**
   * Ports, each over `SPACES_<NAME>_PORT` (e.g. `SPACES_DYNAMODB_PORT`) over the defaults
   * 8000 (DynamoDB), 4569 (S3), 9229 (Cognito), 8005 (SES), 9011 (OpenID provider), 8461
   * (`SPACES_GOOGLE_CALENDAR_PORT`), 8462 (`SPACES_MICROSOFT_GRAPH_PORT`) and 8463 (the
   * AppSync Events stand-in, `SPACES_EVENTS_PORT`).
   */
  ports?: Partial<EmulatorPorts>;
  /** Deletes `dataDir` first, for a fresh start. */
  reset?: boolean;
  /**
   * Keeps DynamoDB's data in memory. s3rver and cognito-local have no such mode and still write
   * under `dataDir`; aws-ses-v2-local always keeps its mail in memory.
   */
  inMemory?: boolean;
  /**
   * An external DynamoDB endpoint (any DynamoDB-compatible one, such as a recording proxy in front
   * of DynamoDB Local); defaults to `SPACES_DYNAMODB_ENDPOINT`. When set, DynamoDB Local is not
   * started and the table is created there if it is missing.
   */
  dynamoDbEndpoint?: string;
  /** Table name; defaults to `SPACES_TABLE_NAME`, then `spaces-local`. */
  tableName?: string;
  /** Where log lines for humans go; by default the console, each line prefixed `[emulators]`. */
  log?: (line: string) => void;
  /**
   * The SPA's origin: the local OpenID provider sends sign-ins back to its return pages there.
   * @default http://localhost:3000
   */
  appUrl?: string;
  /** How often the AppSync Events stand-in sends `ka`. @default 60 000 */
  eventsKeepAliveMs?: number;
}

/** The running emulators. */
export interface RunningEmulators {
  /**
   * Every variable of `functions/core/env.ts` the emulators determine — endpoints, table, bucket, pool
   * and app client ids, issuer base, region, the session secret — and fake credentials (`AWS_ACCESS_KEY_ID`,
   * `AWS_SECRET_ACCESS_KEY`), ready to merge into `process.env`.
   *
   * `COGNITO_ISSUER_BASE/<poolId>` is exactly the `iss` of cognito-local's tokens, and the pool's
   * JWKS is at `COGNITO_ISSUER_BASE/<poolId>/.well-known/jwks.json`, as in Cognito.
   */
  env: Record<string, string>;
  /** aws-ses-v2-local's web page listing the mail sent; `GET <mailboxUrl>/store` gives it as JSON. */
  mailboxUrl: string;
  /**
   * Where the calendar stand-ins answer (their control API is under `/_local/`), and the OpenID
   * provider that issues their tokens (`POST <issuer>/_local/revoke` withdraws a person's grants).
   */
  calendars: Record<CalendarStandInName, string> & { issuer: string };
  /** The AppSync Events stand-in: `EVENTS_HTTP_URL`, `EVENTS_REALTIME_URL` and its open connections. */
  events: Pick<RunningEvents, 'httpUrl' | 'realtimeUrl' | 'connections'>;
  /**
   * The process (group) id of each emulator that runs as a child process — s3rver and the OpenID
   * provider run in this process — for tests that pause one with SIGSTOP to see how the API copes.
   */
  pids: Partial<Record<EmulatorName, number>>;
  /** Each AWS dependency's state (and the OpenID provider's), "ok" or what is wrong, for `GET /health`. */
  health(): Promise<Record<AwsEmulatorName, 'ok' | string>>;
  /** Stops every emulator. Idempotent. */
  stop(): Promise<void>;
}

const defaultLog: Log = (line) => console.log(`[emulators] ${line}`);

/**
 * Starts the four emulators, waits until each answers, and bootstraps them idempotently: the
 * table of `functions/core/table/definition.ts`, the uploads bucket with CORS for browser uploads,
 * and the client and admin user pools with one app client each. Started again on the same
 * `dataDir`, they keep their data, pools and ids.
 *
 * Refuses to start when a port is taken, saying which and what probably holds it. Whatever fails
 * on the way stops what had started.
 */
export async function startEmulators(options: EmulatorOptions): Promise<RunningEmulators> {
  const startedAt = performance.now();
  const log = options.log ?? defaultLog;
  const ports = resolvePorts(options.ports);
  const tableName = options.tableName ?? (process.env.SPACES_TABLE_NAME || DEFAULT_TABLE_NAME);
  const external = externalDynamoDb(options.dynamoDbEndpoint ?? process.env.SPACES_DYNAMODB_ENDPOINT);
  const endpoints: Record<EmulatorName, string> = {
    dynamodb: external ?? localUrl(ports.dynamodb),
    s3: localUrl(ports.s3),
    cognito: localUrl(ports.cognito),
    ses: localUrl(ports.ses),
    oidc: localUrl(ports.oidc),
    googleCalendar: localUrl(ports.googleCalendar),
    microsoftGraph: localUrl(ports.microsoftGraph),
    events: localUrl(ports.events),
  };
  const realtimeUrl = `ws://127.0.0.1:${ports.events}/event/realtime`;
  const dynamodb = dynamoDbClient(endpoints.dynamodb);
  const s3 = s3Client(endpoints.s3);
  const cognito = cognitoClient(endpoints.cognito);
  const destroyClients = () => [dynamodb, s3, cognito].forEach((client) => client.destroy());

  const dataDir = path.resolve(options.dataDir);
  const dirs = {
    dynamodb: path.join(dataDir, 'dynamodb'),
    s3: path.join(dataDir, 's3'),
    cognito: path.join(dataDir, 'cognito'),
  };
  try {
    await assertPortsFree(
      ports,
      {
        dynamodb: () => answersLikeDynamoDb(dynamodb),
        s3: () => answersLikeS3(s3),
        cognito: () => answersLikeCognito(ports.cognito),
        ses: () => answersLikeSes(ports.ses),
        oidc: () => answersLikeOidc(ports.oidc),
        googleCalendar: () => answersLikeStandIn(ports.googleCalendar),
        microsoftGraph: () => answersLikeStandIn(ports.microsoftGraph),
        events: () => answersLikeEvents(ports.events),
      },
      external ? ['dynamodb'] : [],
    );
    if (options.reset) await rm(dataDir, { recursive: true, force: true });
    await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true })));
  } catch (error) {
    destroyClients();
    throw error;
  }

  const supervisor = new Supervisor(log);
  let localS3: LocalS3 | undefined;
  let localOidc: LocalOidc | undefined;
  let localEvents: RunningEvents | undefined;
  const standIns: RunningStandIn[] = [];
  const pids: Partial<Record<EmulatorName, number>> = {};
  const remember = (name: EmulatorName) => (child: { pid: number | undefined }) => {
    if (child.pid !== undefined) pids[name] = child.pid;
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all([
        supervisor.stop(),
        localS3?.close(),
        localOidc?.close(),
        localEvents?.close(),
        ...standIns.map((standIn) => standIn.close()),
      ]);
      destroyClients();
    })());

  try {
    log(
      `starting in ${path.relative(process.cwd(), dataDir) || '.'}${options.inMemory ? ' (DynamoDB in memory)' : ''}`,
    );
    // Settled, not merely awaited: a start still under way when another fails would spawn a
    // child after stop() had looked for them.
    throwFailures(
      await Promise.allSettled([
        startS3({ port: ports.s3, directory: dirs.s3, log }).then((server) => (localS3 = server)),
        startOidc({ port: ports.oidc, appUrl: options.appUrl ?? 'http://localhost:3000', log }).then(
          (server) => (localOidc = server),
        ),
        // They check tokens at the OpenID provider only when asked, so they start beside it.
        startGoogleCalendar({ port: ports.googleCalendar, issuer: endpoints.oidc, log }).then((standIn) =>
          standIns.push(standIn),
        ),
        startMicrosoftGraph({ port: ports.microsoftGraph, issuer: endpoints.oidc, log }).then((standIn) =>
          standIns.push(standIn),
        ),
        // The push channel admits devices with the API's own authorizer, called here, which reads
        // the table once the environment below is the process's (infra/local/system.ts).
        startEvents({
          port: ports.events,
          namespaces: { displays: DISPLAYS_NAMESPACE },
          authorize: async (event) => (await import('@functions/device/channel-authorizer')).handler(event),
          keepAliveMs: options.eventsKeepAliveMs,
          log,
        }).then((events) => (localEvents = events)),
        external
          ? waitForDynamoDb(dynamodb, external)
          : startDynamoDb(supervisor, {
              port: ports.dynamodb,
              dbPath: options.inMemory ? undefined : dirs.dynamodb,
              client: dynamodb,
            }).then(remember('dynamodb')),
        startCognito(supervisor, { port: ports.cognito, directory: dirs.cognito }).then(remember('cognito')),
        startSes(supervisor, { port: ports.ses }).then(remember('ses')),
      ]),
    );
    const [pools, sessionSecret, calendarTokenKey, originVerifySecret] = await Promise.all([
      ensureUserPools(cognito),
      ensureSecretFile(dataDir, 'session-secret', () => randomBytes(48).toString('base64url')),
      ensureSecretFile(dataDir, 'calendar-token-key', () => randomBytes(32).toString('hex')),
      ensureSecretFile(dataDir, 'origin-verify-secret', () => randomBytes(32).toString('base64url')),
      ensureTable(dynamodb, tableName),
      ensureBucket(s3, UPLOADS_BUCKET),
    ]);

    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: tableName,
      UPLOADS_BUCKET,
      CLIENT_USER_POOL_ID: pools.client.poolId,
      CLIENT_USER_POOL_CLIENT_ID: pools.client.clientId,
      ADMIN_USER_POOL_ID: pools.admin.poolId,
      ADMIN_USER_POOL_CLIENT_ID: pools.admin.clientId,
      COGNITO_ISSUER_BASE: endpoints.cognito,
      DYNAMODB_ENDPOINT: endpoints.dynamodb,
      S3_ENDPOINT: endpoints.s3,
      COGNITO_ENDPOINT: endpoints.cognito,
      SES_ENDPOINT: endpoints.ses,
      SESSION_SECRET: sessionSecret,
      // The local server plays CloudFront: it adds this to every request (infra/local/api-adapter.ts).
      ORIGIN_VERIFY_SECRET: originVerifySecret,
      SOCIAL_ISSUER: endpoints.oidc,
      CLIENT_SOCIAL_CLIENT_ID: LOCAL_SOCIAL_CLIENTS.client,
      ADMIN_SOCIAL_CLIENT_ID: LOCAL_SOCIAL_CLIENTS.admin,
      // Linked calendars: the stand-ins' APIs, and the OpenID provider as both providers' sign-in.
      GOOGLE_CALENDAR_API_URL: `${endpoints.googleCalendar}/calendar/v3`,
      MICROSOFT_GRAPH_API_URL: `${endpoints.microsoftGraph}/v1.0`,
      GOOGLE_OAUTH_ISSUER: endpoints.oidc,
      MICROSOFT_OAUTH_ISSUER: endpoints.oidc,
      GOOGLE_CALENDAR_CLIENT_ID: LOCAL_CALENDAR_CLIENTS.google.clientId,
      GOOGLE_CALENDAR_CLIENT_SECRET: LOCAL_CALENDAR_CLIENTS.google.clientSecret,
      MICROSOFT_CALENDAR_CLIENT_ID: LOCAL_CALENDAR_CLIENTS.microsoft.clientId,
      MICROSOFT_CALENDAR_CLIENT_SECRET: LOCAL_CALENDAR_CLIENTS.microsoft.clientSecret,
      CALENDAR_TOKEN_KEY: calendarTokenKey,
      // Alert feeds on this machine (the tests' fixture servers) may be polled; never so in AWS.
      CAP_ALLOW_PRIVATE_URLS: 'true',
      // Every display of this machine registers from 127.0.0.1.
      DEVICE_REGISTRATIONS_PER_HOUR: '10000',
      // The displays' push channel: AppSync Events' HTTP (publish) and real-time endpoints.
      EVENTS_HTTP_URL: endpoints.events,
      EVENTS_REALTIME_URL: realtimeUrl,
    };
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    log(
      `ready in ${seconds} s: DynamoDB ${endpoints.dynamodb}${external ? ' (external)' : ''} (table ${tableName}), S3 ${endpoints.s3}, ` +
        `Cognito ${endpoints.cognito}, mail ${endpoints.ses}, OpenID provider ${endpoints.oidc}, ` +
        `Google Calendar stand-in ${endpoints.googleCalendar}/calendar/v3, ` +
        `Microsoft Graph stand-in ${endpoints.microsoftGraph}/v1.0, ` +
        `AppSync Events stand-in ${endpoints.events}`,
    );

    return {
      env,
      mailboxUrl: endpoints.ses,
      calendars: {
        googleCalendar: endpoints.googleCalendar,
        microsoftGraph: endpoints.microsoftGraph,
        issuer: endpoints.oidc,
      },
      events: {
        httpUrl: endpoints.events,
        realtimeUrl,
        connections: () => localEvents?.connections() ?? 0,
      },
      pids,
      health: async () => {
        const [dynamodbState, s3State, cognitoState, sesState, oidcState] = await Promise.all([
          stateOf(() => tableHealth(dynamodb, tableName)),
          stateOf(() => bucketHealth(s3, UPLOADS_BUCKET)),
          stateOf(() => poolsHealth(cognito, [pools.client.poolId, pools.admin.poolId])),
          stateOf(async () => ((await answersLikeSes(ports.ses)) ? 'ok' : 'not answering')),
          stateOf(async () => ((await answersLikeOidc(ports.oidc)) ? 'ok' : 'not answering')),
        ]);
        return {
          dynamodb: dynamodbState,
          s3: s3State,
          cognito: cognitoState,
          ses: sesState,
          oidc: oidcState,
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A secret made once and kept in `<dataDir>/<name>` (readable by the owner only), so that what it
 * protects outlives a restart on the same data: the key that signs the API's own client tokens
 * (`session-secret`, as Secrets Manager keeps it in AWS), and the key that wraps the linked
 * calendars' token keys (`calendar-token-key`, as KMS does in AWS).
 */
async function ensureSecretFile(dataDir: string, name: string, make: () => string): Promise<string> {
  const file = path.join(dataDir, name);
  const kept = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (kept.length >= 32) return kept;
  const secret = make();
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The external DynamoDB endpoint `value` names (an http or https URL), or undefined when it is
 * empty; anything else is refused with what is wrong.
 */
function externalDynamoDb(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(`SPACES_DYNAMODB_ENDPOINT must be an http or https URL, not "${value}"`);
  }
  return url.href.replace(/\/$/, '');
}

/** Waits until the external DynamoDB endpoint answers, or says it does not. */
async function waitForDynamoDb(client: DynamoDBClient, endpoint: string): Promise<void> {
  const deadline = performance.now() + EXTERNAL_DYNAMODB_WAIT_MS;
  while (!(await answersLikeDynamoDb(client))) {
    if (performance.now() > deadline) {
      throw new Error(
        `The DynamoDB endpoint ${endpoint} (SPACES_DYNAMODB_ENDPOINT) does not answer like DynamoDB`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What `probe` says, or what went wrong with it. */
async function stateOf(probe: () => Promise<string>): Promise<string> {
  try {
    return await probe();
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}

/** Throws the failure among `results`, or one error that tells them all. */
function throwFailures(results: PromiseSettledResult<unknown>[]): void {
  const reasons = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (reasons.length === 1) throw reasons[0];
  if (reasons.length > 1) {
    throw new Error(
      reasons.map((reason) => (reason instanceof Error ? reason.message : String(reason))).join('\n'),
      {
        cause: reasons[0],
      },
    );
  }
}
