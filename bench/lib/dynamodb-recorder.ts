import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A recorder of DynamoDB calls: a loopback HTTP proxy in front of a DynamoDB endpoint (DynamoDB
 * Local in the benches) that forwards every call unchanged and notes, per call, its operation
 * (`X-Amz-Target`), table and index, the partition keys it reads and writes, its request and
 * response bytes, and the capacity DynamoDB says it consumed. The system under measurement is
 * pointed at it with `SPACES_DYNAMODB_ENDPOINT` (README, "Run it"; docs/scale.md).
 *
 * What counts as a touch of a partition key (docs/scale.md, "Hot keys"):
 * - reads: GetItem's `Key`, BatchGetItem's `Keys`, TransactGetItems' `Get.Key`, and a Query's
 *   partition key (the `=` condition of its KeyConditionExpression on the table's or the index's
 *   partition key, its value from ExpressionAttributeValues); a Scan counts as one read of `(scan)`.
 * - writes on the table: the key of PutItem, UpdateItem, DeleteItem, BatchWriteItem's requests and
 *   TransactWriteItems' Put, Update, Delete and ConditionCheck (DynamoDB bills a condition check
 *   as a write).
 * - writes on an index: a Put's item holding the index's partition key attribute, and an Update
 *   that SETs it. A Delete, or an Update that REMOVEs it, also writes the index (the old entry
 *   goes) but the old value is not in the request: those are not counted.
 */

/** A table's partition key and its indexes' partition keys, by attribute name. */
export interface KeyNames {
  partitionKey: string;
  indexes: ReadonlyArray<{ indexName: string; partitionKey: string }>;
}

/** One partition key touched by a call: `index` is 'table' or the index's name. */
export interface Touch {
  index: string;
  key: string;
  kind: 'read' | 'write';
}

export interface RecordedCall {
  operation: string;
  table: string | undefined;
  index: string | undefined;
  touches: Touch[];
  requestBytes: number;
  responseBytes: number;
  status: number;
  /** Read or write request units DynamoDB reported (ReturnConsumedCapacity), when it did. */
  capacityUnits: number;
}

type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
type Body = Record<string, unknown>;

const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

/** The text of a key attribute's value (`{S}`, `{N}` or `{B}`), or undefined. */
function valueText(value: AttributeValue | undefined): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const type of ['S', 'N', 'B'] as const) {
    if (typeof value[type] === 'string') return value[type];
  }
  return undefined;
}

/** Whether an operation reads (else it writes). */
export function isRead(operation: string): boolean {
  return READS.has(operation);
}

/** The index partition keys an item (Put) holds, as writes. */
function indexWritesOfItem(item: Item | undefined, keys: KeyNames): Touch[] {
  if (!item) return [];
  return keys.indexes.flatMap(({ indexName, partitionKey }) => {
    const key = valueText(item[partitionKey]);
    return key === undefined ? [] : [{ index: indexName, key, kind: 'write' as const }];
  });
}

/** The index partition keys an UpdateExpression SETs, as writes. */
function indexWritesOfUpdate(update: Body, keys: KeyNames): Touch[] {
  const expression = typeof update.UpdateExpression === 'string' ? update.UpdateExpression : '';
  const names = (update.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (update.ExpressionAttributeValues ?? {}) as Item;
  // The SET clause runs up to the next clause keyword (REMOVE, ADD, DELETE) or the end.
  const set = /\bSET\b([\s\S]*?)(?=\b(?:REMOVE|ADD|DELETE)\b|$)/i.exec(expression)?.[1] ?? '';
  const touches: Touch[] = [];
  for (const [, path, placeholder] of set.matchAll(/([#\w.]+)\s*=\s*(:[\w]+)/g)) {
    const attribute = path!.startsWith('#') ? names[path!] : path;
    const index = keys.indexes.find(({ partitionKey }) => partitionKey === attribute);
    const key = valueText(values[placeholder!]);
    if (index && key !== undefined) touches.push({ index: index.indexName, key, kind: 'write' });
  }
  return touches;
}

/** The partition key value a Query's KeyConditionExpression fixes. */
function queryKey(body: Body, keys: KeyNames): string | undefined {
  const indexName = typeof body.IndexName === 'string' ? body.IndexName : undefined;
  const attribute = indexName
    ? keys.indexes.find((index) => index.indexName === indexName)?.partitionKey
    : keys.partitionKey;
  const expression = typeof body.KeyConditionExpression === 'string' ? body.KeyConditionExpression : '';
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (body.ExpressionAttributeValues ?? {}) as Item;
  for (const [, path, placeholder] of expression.matchAll(/([#\w.]+)\s*=\s*(:[\w]+)/g)) {
    const name = path!.startsWith('#') ? names[path!] : path;
    if (name === attribute) return valueText(values[placeholder!]);
  }
  return undefined;
}

/** The partition keys a call touches (see the module's comment for what counts). */
export function touchesOf(operation: string, body: Body, keys: KeyNames): Touch[] {
  const tableKey = (key: Item | undefined, kind: Touch['kind']): Touch[] => {
    const value = valueText(key?.[keys.partitionKey]);
    return value === undefined ? [] : [{ index: 'table', key: value, kind }];
  };
  switch (operation) {
    case 'GetItem':
      return tableKey(body.Key as Item, 'read');
    case 'Query': {
      const key = queryKey(body, keys);
      const index = typeof body.IndexName === 'string' ? body.IndexName : 'table';
      return key === undefined ? [] : [{ index, key, kind: 'read' }];
    }
    case 'Scan':
      return [
        { index: typeof body.IndexName === 'string' ? body.IndexName : 'table', key: '(scan)', kind: 'read' },
      ];
    case 'BatchGetItem':
      return Object.values((body.RequestItems ?? {}) as Record<string, { Keys?: Item[] }>).flatMap(
        ({ Keys }) => (Keys ?? []).flatMap((key) => tableKey(key, 'read')),
      );
    case 'TransactGetItems':
      return ((body.TransactItems ?? []) as Array<{ Get?: { Key?: Item } }>).flatMap(({ Get }) =>
        tableKey(Get?.Key, 'read'),
      );
    case 'PutItem':
      return [...tableKey(body.Item as Item, 'write'), ...indexWritesOfItem(body.Item as Item, keys)];
    case 'UpdateItem':
      return [...tableKey(body.Key as Item, 'write'), ...indexWritesOfUpdate(body, keys)];
    case 'DeleteItem':
      return tableKey(body.Key as Item, 'write');
    case 'BatchWriteItem':
      return Object.values(
        (body.RequestItems ?? {}) as Record<
          string,
          Array<{ PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } }>
        >,
      ).flatMap((requests) =>
        requests.flatMap(({ PutRequest, DeleteRequest }) =>
          PutRequest
            ? [...tableKey(PutRequest.Item, 'write'), ...indexWritesOfItem(PutRequest.Item, keys)]
            : tableKey(DeleteRequest?.Key, 'write'),
        ),
      );
    case 'TransactWriteItems':
      return (
        (body.TransactItems ?? []) as Array<{
          Put?: { Item?: Item };
          Update?: Body & { Key?: Item };
          Delete?: { Key?: Item };
          ConditionCheck?: { Key?: Item };
        }>
      ).flatMap(({ Put, Update, Delete, ConditionCheck }) => {
        if (Put) return [...tableKey(Put.Item, 'write'), ...indexWritesOfItem(Put.Item, keys)];
        if (Update) return [...tableKey(Update.Key, 'write'), ...indexWritesOfUpdate(Update, keys)];
        return tableKey((Delete ?? ConditionCheck)?.Key, 'write');
      });
    default:
      return [];
  }
}

/** The table a call names (the first, for batches and transactions). */
function tableOf(body: Body): string | undefined {
  if (typeof body.TableName === 'string') return body.TableName;
  const requestItems = body.RequestItems as Record<string, unknown> | undefined;
  if (requestItems) return Object.keys(requestItems)[0];
  const first = (body.TransactItems as Array<Record<string, { TableName?: string }>> | undefined)?.[0];
  return first ? Object.values(first)[0]?.TableName : undefined;
}

/** The request units a response's ConsumedCapacity (one or a list) adds up to. */
export function capacityOf(response: Body): number {
  const consumed = response.ConsumedCapacity as
    { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> | undefined;
  if (!consumed) return 0;
  return (Array.isArray(consumed) ? consumed : [consumed]).reduce(
    (sum, c) => sum + (c.CapacityUnits ?? 0),
    0,
  );
}

/** A JSON body as an object; anything else as an empty one. */
function parseBody(bytes: Buffer): Body {
  try {
    const parsed: unknown = bytes.length ? JSON.parse(bytes.toString('utf8')) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Body) : {};
  } catch {
    return {};
  }
}

/** The hottest partition keys of one index and kind, each with its share of that index's touches of that kind. */
export interface HotKeys {
  index: string;
  kind: Touch['kind'];
  total: number;
  keys: Array<{ key: string; count: number; share: number }>;
}

/** The `limit` hottest keys of each index and kind among `calls`, hottest first. */
export function hottestKeys(calls: readonly RecordedCall[], limit = 5): HotKeys[] {
  const counts = new Map<string, Map<string, number>>();
  for (const call of calls) {
    for (const { index, key, kind } of call.touches) {
      const group = `${index}\u0000${kind}`;
      const byKey = counts.get(group) ?? new Map<string, number>();
      byKey.set(key, (byKey.get(key) ?? 0) + 1);
      counts.set(group, byKey);
    }
  }
  return [...counts]
    .map(([group, byKey]) => {
      const [index, kind] = group.split('\u0000') as [string, Touch['kind']];
      const total = [...byKey.values()].reduce((a, b) => a + b, 0);
      const keys = [...byKey]
        .sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb))
        .slice(0, limit)
        .map(([key, count]) => ({ key, count, share: count / total }));
      return { index, kind, total, keys };
    })
    .sort((a, b) => a.index.localeCompare(b.index) || a.kind.localeCompare(b.kind));
}

export interface DynamoDbRecorder {
  /** The recorder's endpoint: point the system at it (SPACES_DYNAMODB_ENDPOINT). */
  url: string;
  /** Every call recorded since the start or the last `reset()`. */
  readonly calls: RecordedCall[];
  /** Forgets the calls recorded so far. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts the recorder on 127.0.0.1 (`port`, or any free one) in front of `upstream` (an http URL).
 * With `measureCapacity`, each call asks DynamoDB for its consumed capacity
 * (`ReturnConsumedCapacity: TOTAL`, unless it asked itself): the answer gains a `ConsumedCapacity`
 * the SDK and ElectroDB ignore.
 */
export async function startDynamoDbRecorder(options: {
  upstream: string;
  keys: KeyNames;
  port?: number;
  measureCapacity?: boolean;
}): Promise<DynamoDbRecorder> {
  const upstream = new URL(options.upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const calls: RecordedCall[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let payload = Buffer.concat(chunks);
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.split('.').pop() ?? '';
      const body = parseBody(payload);
      if (options.measureCapacity && operation && body.ReturnConsumedCapacity === undefined) {
        payload = Buffer.from(JSON.stringify({ ...body, ReturnConsumedCapacity: 'TOTAL' }));
      }
      const headers = { ...request.headers, 'content-length': String(payload.length) };
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers,
          agent,
        },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('end', () => {
            const answerBody = Buffer.concat(answerChunks);
            if (operation) {
              calls.push({
                operation,
                table: tableOf(body),
                index: typeof body.IndexName === 'string' ? body.IndexName : undefined,
                touches: touchesOf(operation, body, options.keys),
                requestBytes: payload.length,
                responseBytes: answerBody.length,
                status: answer.statusCode ?? 0,
                capacityUnits: capacityOf(parseBody(answerBody)),
              });
            }
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            response.end(answerBody);
          });
          answer.on('error', () => response.destroy());
        },
      );
      forward.on('error', (error) => {
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`The recorder could not reach ${upstream.origin}: ${error.message}`);
      });
      forward.end(payload);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    reset: () => {
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
