import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { clientConfig } from './emulators/aws';

/**
 * The table's stream on one machine, as Lambda's event source mapping reads it in AWS: DynamoDB
 * Local's stream is read every {@link POLL_MS} across its shards (from now on at start, a shard
 * that opens later from its beginning, a closed shard until its end), and each batch of records
 * goes to `handler` (functions/device/room-changes.ts), one shard's batches in order. A batch
 * whose handler throws is handed again, up to {@link ATTEMPTS} times in all, then passed over (in
 * AWS: the retries, then the failure destination).
 */

/** How often the stream is read. */
const POLL_MS = 250;
/** The shards are listed again this often (and whenever one closes), to find new ones. */
const DESCRIBE_EVERY_MS = 5_000;
/** How many times a batch is handed to the handler before it is passed over. */
const ATTEMPTS = 3;
/** Records read at most per call. */
const RECORDS_PER_CALL = 100;

export interface TableStreamOptions {
  endpoint: string;
  tableName: string;
  handler: (event: DynamoDBStreamEvent) => Promise<unknown>;
  log: (line: string) => void;
}

export interface TableStream {
  /** Stops reading, after the batch under way. Idempotent. */
  stop(): Promise<void>;
}

interface ShardState {
  iterator: string | undefined;
  /** The last record handed on, so an expired iterator goes on after it. */
  lastSequence?: string;
  /** How often the pending batch has failed. */
  failures: number;
  /** The batch the handler failed on, handed again at the next read. */
  pending?: DynamoDBRecord[];
}

/** A stream record as Lambda hands it (images in the same AttributeValue shape; times in seconds). */
function asLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
    },
  };
}

/** Starts reading the stream of `tableName` (the table must have one). */
export async function startTableStream(options: TableStreamOptions): Promise<TableStream> {
  const { endpoint, tableName, handler, log } = options;
  const config = clientConfig(endpoint);
  const table = new DynamoDBClient(config);
  const { Table } = await table.send(new DescribeTableCommand({ TableName: tableName }));
  table.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${tableName} has no stream`);
  const streams = new DynamoDBStreamsClient(config);

  const shards = new Map<string, ShardState>();
  /** Shards read to their end. */
  const finished = new Set<string>();
  let started = false;
  let lastDescribed = 0;
  let stopped = false;

  const iteratorOf = async (ShardId: string, type: ShardIteratorType, SequenceNumber?: string) =>
    (
      await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId,
          ShardIteratorType: type,
          SequenceNumber,
        }),
      )
    ).ShardIterator;

  const describe = async () => {
    const all: Shard[] = [];
    let ExclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId }),
      );
      all.push(...(StreamDescription?.Shards ?? []));
      ExclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
    for (const shard of all) {
      const id = shard.ShardId!;
      if (shards.has(id) || finished.has(id)) continue;
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      // At start only what comes from now on; a shard found later holds only what is new.
      if (!started && !open) {
        finished.add(id);
        continue;
      }
      shards.set(id, { iterator: await iteratorOf(id, started ? 'TRIM_HORIZON' : 'LATEST'), failures: 0 });
    }
    started = true;
    lastDescribed = Date.now();
  };

  const readShard = async (id: string, state: ShardState) => {
    let batch = state.pending;
    let next = state.iterator;
    if (!batch) {
      if (!state.iterator) return;
      const answer = await streams.send(
        new GetRecordsCommand({ ShardIterator: state.iterator, Limit: RECORDS_PER_CALL }),
      );
      batch = (answer.Records ?? []).map((record) => asLambdaRecord(record, streamArn));
      next = answer.NextShardIterator;
    }
    if (batch.length) {
      try {
        await handler({ Records: batch });
      } catch (error) {
        state.failures += 1;
        if (state.failures < ATTEMPTS) {
          state.pending = batch;
          state.iterator = next;
          return;
        }
        log(`table stream: a batch of ${batch.length} records failed ${ATTEMPTS} times: ${String(error)}`);
      }
      state.lastSequence = batch.at(-1)?.dynamodb?.SequenceNumber ?? state.lastSequence;
    }
    state.pending = undefined;
    state.failures = 0;
    state.iterator = next;
    if (!next) {
      // The shard is closed and read to its end: its children are found by the next listing.
      shards.delete(id);
      finished.add(id);
      lastDescribed = 0;
    }
  };

  const tick = async () => {
    if (Date.now() - lastDescribed >= DESCRIBE_EVERY_MS) await describe();
    for (const [id, state] of shards) {
      if (stopped) return;
      try {
        await readShard(id, state);
      } catch (error) {
        // An iterator that expired (or was trimmed) is taken again after the last record read.
        log(`table stream: reading shard ${id} failed: ${String(error)}`);
        state.iterator = state.lastSequence
          ? await iteratorOf(id, 'AFTER_SEQUENCE_NUMBER', state.lastSequence).catch(() => undefined)
          : await iteratorOf(id, 'LATEST').catch(() => undefined);
        // Without one, the next listing takes the shard up again.
        if (!state.iterator) shards.delete(id);
      }
    }
  };

  await describe();
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log(`table stream: ${String(error)}`))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, POLL_MS);
  };
  schedule();
  return {
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await running;
      streams.destroy();
    },
  };
}
