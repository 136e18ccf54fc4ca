import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../aws/dynamodb';
import { env } from '../env';
import { ServiceUnavailable } from '../errors';

/** BatchGetItem takes at most 100 keys a call. */
const batchSize = 100;

/**
 * Items of any entities by their keys: one BatchGetItem per 100 keys, run together. Keys the
 * table could not serve at once (throttling) come back unprocessed and are asked for again, three
 * times at most; after that the table is throttling and the request answers 503.
 */
export async function batchGet(
  keys: Array<Record<string, unknown>>,
  options: { consistent?: boolean } = {},
): Promise<Array<Record<string, unknown>>> {
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < keys.length; i += batchSize) chunks.push(keys.slice(i, i + batchSize));
  return (await Promise.all(chunks.map((chunk) => batchGetChunk(chunk, options.consistent ?? false)))).flat();
}

/** One BatchGetItem of at most 100 keys, with its unprocessed keys asked for again. */
async function batchGetChunk(
  keys: Array<Record<string, unknown>>,
  consistent: boolean,
): Promise<Array<Record<string, unknown>>> {
  const table = env().TABLE_NAME;
  const items: Array<Record<string, unknown>> = [];
  let pending = keys;
  for (let attempt = 0; pending.length && attempt < 3; attempt++) {
    const answer = await documentClient().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: consistent } } }),
    );
    items.push(...(answer.Responses?.[table] ?? []));
    pending = answer.UnprocessedKeys?.[table]?.Keys ?? [];
  }
  if (pending.length) throw new ServiceUnavailable();
  return items;
}

/**
 * Parse options that read an item only as the entity that wrote it: without them ElectroDB reads
 * any item of the right shape as its own.
 */
export const owned = { ignoreOwnership: false } as const;

/** The first of `items` that an entity's parser recognises, or null. */
export function pick<T>(
  items: Array<Record<string, unknown>>,
  parse: (answer: { Item: Record<string, unknown> }) => { data: T | null },
): T | null {
  for (const Item of items) {
    const { data } = parse({ Item });
    if (data) return data;
  }
  return null;
}
