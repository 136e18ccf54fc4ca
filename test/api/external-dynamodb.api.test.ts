import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { dynamoDbClient } from '../../infra/local/emulators/dynamodb';
import { startDynamoDbRecorder, type DynamoDbRecorder } from '../../bench/lib/dynamodb-recorder';
import { tableDefinition } from '@core/table/definition';

/**
 * `npm start` with SPACES_DYNAMODB_ENDPOINT (README, "Run it"): DynamoDB Local is not started and
 * the API reads and writes through that endpoint, its table created there. The endpoint is the
 * fleet bench's recorder (bench/lib/dynamodb-recorder.ts) in front of the test run's DynamoDB
 * Local, so every call is seen passing through it. The system runs on ports of its own, next to
 * the shared test system, with a table of its own.
 */
const root = path.resolve(import.meta.dirname, '../..');
const base = Number(process.env.SPACES_TEST_HTTP_PORT ?? 13000) + 10;
const ports = {
  PORT: String(base),
  SPACES_DYNAMODB_PORT: String(base + 1),
  SPACES_S3_PORT: String(base + 2),
  SPACES_COGNITO_PORT: String(base + 3),
  SPACES_SES_PORT: String(base + 4),
  SPACES_OIDC_PORT: String(base + 5),
  SPACES_GOOGLE_CALENDAR_PORT: String(base + 6),
  SPACES_MICROSOFT_GRAPH_PORT: String(base + 7),
};
const upstream = `http://127.0.0.1:${process.env.SPACES_TEST_DYNAMODB_PORT ?? 18000}`;
const url = `http://localhost:${base}`;
const START_TIMEOUT_MS = 120_000;

interface Started {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const npm = spawn('npm', ['start', '--', '--reset'], {
    cwd: root,
    env: {
      ...process.env,
      ...ports,
      SPACES_DATA_DIR: path.join(root, `.test-data/external-dynamodb-${base}`),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  npm.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  return { npm, output: () => output, exited };
}

async function ready(running: Started): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!running.output().includes('Spaces is ready')) {
    if (running.npm.exitCode !== null || running.npm.signalCode !== null) {
      throw new Error(`npm ended before it was ready:\n${running.output()}`);
    }
    if (Date.now() > deadline)
      throw new Error(`Not ready after ${START_TIMEOUT_MS / 1000} s:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const portOpen = (port: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start with SPACES_DYNAMODB_ENDPOINT', () => {
  let running: Started | undefined;
  let recorder: DynamoDbRecorder | undefined;
  const tableName = `spaces-external-${Date.now()}`;

  afterAll(async () => {
    if (running && running.npm.exitCode === null && running.npm.signalCode === null) {
      process.kill(-running.npm.pid!, 'SIGTERM');
      await running.exited;
    }
    await recorder?.close();
    const client = dynamoDbClient(upstream);
    await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
    client.destroy();
  });

  it(
    'uses the endpoint instead of starting DynamoDB Local: the table is created there and every call goes through it',
    async () => {
      recorder = await startDynamoDbRecorder({
        upstream,
        keys: { partitionKey: tableDefinition.partitionKey, indexes: tableDefinition.globalSecondaryIndexes },
      });
      running = start({ SPACES_DYNAMODB_ENDPOINT: recorder.url, SPACES_TABLE_NAME: tableName });
      await ready(running);
      expect(running.output()).toContain(`DynamoDB ${recorder.url} (external) (table ${tableName})`);
      // Nothing was started on DynamoDB Local's port.
      expect(await portOpen(ports.SPACES_DYNAMODB_PORT)).toBe(false);

      const created = recorder.calls.filter((c) => c.operation === 'CreateTable' && c.table === tableName);
      expect(created).toHaveLength(1);
      // The demo data was written through it.
      const writes = recorder.calls.filter(
        (c) =>
          c.table === tableName && ['BatchWriteItem', 'PutItem', 'TransactWriteItems'].includes(c.operation),
      );
      expect(writes.length).toBeGreaterThan(0);

      const health = await (await fetch(`${url}/api/v1/health`)).json();
      expect(health.result.status).toBe('ok');

      recorder.reset();
      const login = await fetch(`${url}/api/v1/client/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@demo.test', password: 'Demo1234' }),
      });
      expect(login.status).toBe(200);
      const signIn = recorder.calls.filter((c) => c.table === tableName);
      expect(signIn.length).toBeGreaterThan(0);
      expect(signIn.every((c) => c.status === 200)).toBe(true);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it('refuses an endpoint that is not an http URL, saying which setting is wrong', async () => {
    const refused = start({ SPACES_DYNAMODB_ENDPOINT: 'localhost:8000', PORT: String(base + 8) });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      'SPACES_DYNAMODB_ENDPOINT must be an http or https URL, not "localhost:8000"',
    );
  }, 60_000);
});
