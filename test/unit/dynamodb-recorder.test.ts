import { capacityOf, hottestKeys, touchesOf, type RecordedCall } from '../../bench/lib/dynamodb-recorder';

/**
 * What the fleet bench's recorder counts as a touch of a partition key (bench/lib/dynamodb-recorder.ts),
 * from request bodies as ElectroDB and the DocumentClient send them.
 */
const keys = {
  partitionKey: 'pk',
  indexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk' },
  ],
};

describe('touchesOf', () => {
  it('reads the key of GetItem and every key of BatchGetItem and TransactGetItems', () => {
    expect(
      touchesOf('GetItem', { TableName: 't', Key: { pk: { S: 'DEVICE#1#' }, sk: { S: 'x' } } }, keys),
    ).toEqual([{ index: 'table', key: 'DEVICE#1#', kind: 'read' }]);
    expect(
      touchesOf(
        'BatchGetItem',
        { RequestItems: { t: { Keys: [{ pk: { S: 'ACCOUNT#a#' } }, { pk: { S: 'PACKAGE#p#' } }] } } },
        keys,
      ).map((t) => t.key),
    ).toEqual(['ACCOUNT#a#', 'PACKAGE#p#']);
    expect(
      touchesOf(
        'TransactGetItems',
        { TransactItems: [{ Get: { TableName: 't', Key: { pk: { S: 'A' } } } }] },
        keys,
      ),
    ).toEqual([{ index: 'table', key: 'A', kind: 'read' }]);
  });

  it("reads a Query's partition key on the table or on the index it names", () => {
    const query = {
      TableName: 't',
      KeyConditionExpression: '(#pk = :pk) and begins_with(#sk1, :sk1)',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk1': 'sk' },
      ExpressionAttributeValues: { ':pk': { S: 'ACCOUNT#a#' }, ':sk1': { S: 'SCREEN#' } },
    };
    expect(touchesOf('Query', query, keys)).toEqual([{ index: 'table', key: 'ACCOUNT#a#', kind: 'read' }]);
    const onIndex = {
      ...query,
      IndexName: 'gsi3',
      ExpressionAttributeNames: { '#pk': 'gsi3pk', '#sk1': 'gsi3sk' },
      ExpressionAttributeValues: { ':pk': { S: 'HEARTBEAT#4#' }, ':sk1': { S: '2026' } },
    };
    expect(touchesOf('Query', onIndex, keys)).toEqual([{ index: 'gsi3', key: 'HEARTBEAT#4#', kind: 'read' }]);
  });

  it('writes the table key of a Put and the index keys its item holds', () => {
    const put = {
      TableName: 't',
      Item: { pk: { S: 'ACCOUNT#a#' }, gsi1pk: { S: 'SPACE#s#' }, name: { S: 'n' } },
    };
    expect(touchesOf('PutItem', put, keys)).toEqual([
      { index: 'table', key: 'ACCOUNT#a#', kind: 'write' },
      { index: 'gsi1', key: 'SPACE#s#', kind: 'write' },
    ]);
  });

  it('writes the index keys an update SETs, not those it REMOVEs', () => {
    const update = {
      TableName: 't',
      Key: { pk: { S: 'ACCOUNT#a#' }, sk: { S: 'SCREEN#1' } },
      UpdateExpression: 'SET #heartbeat_at = :heartbeat_at_u0, #gsi3pk = :gsi3pk_u0 REMOVE #gsi1pk',
      ExpressionAttributeNames: { '#heartbeat_at': 'heartbeat_at', '#gsi3pk': 'gsi3pk', '#gsi1pk': 'gsi1pk' },
      ExpressionAttributeValues: {
        ':heartbeat_at_u0': { S: '2026-11-28' },
        ':gsi3pk_u0': { S: 'HEARTBEAT#2#' },
      },
    };
    expect(touchesOf('UpdateItem', update, keys)).toEqual([
      { index: 'table', key: 'ACCOUNT#a#', kind: 'write' },
      { index: 'gsi3', key: 'HEARTBEAT#2#', kind: 'write' },
    ]);
  });

  it('writes every item of a transaction, a condition check included, and of a batch write', () => {
    const transaction = {
      TransactItems: [
        { Update: { TableName: 't', Key: { pk: { S: 'DEVICE#1#' } }, UpdateExpression: 'SET #a = :a' } },
        { Delete: { TableName: 't', Key: { pk: { S: 'CODE#X#' } } } },
        { ConditionCheck: { TableName: 't', Key: { pk: { S: 'GUARD#g#' } } } },
        { Put: { TableName: 't', Item: { pk: { S: 'NOTICE#n#' }, gsi1pk: { S: 'SHARD#1#' } } } },
      ],
    };
    expect(touchesOf('TransactWriteItems', transaction, keys).map((t) => `${t.index} ${t.key}`)).toEqual([
      'table DEVICE#1#',
      'table CODE#X#',
      'table GUARD#g#',
      'table NOTICE#n#',
      'gsi1 SHARD#1#',
    ]);
    const batch = {
      RequestItems: {
        t: [{ PutRequest: { Item: { pk: { S: 'A' } } } }, { DeleteRequest: { Key: { pk: { S: 'B' } } } }],
      },
    };
    expect(touchesOf('BatchWriteItem', batch, keys).map((t) => t.key)).toEqual(['A', 'B']);
  });
});

describe('capacityOf', () => {
  it('adds up the consumed capacity of one table or of each table of a batch', () => {
    expect(capacityOf({ ConsumedCapacity: { TableName: 't', CapacityUnits: 2.5 } })).toBe(2.5);
    expect(capacityOf({ ConsumedCapacity: [{ CapacityUnits: 1 }, { CapacityUnits: 0.5 }] })).toBe(1.5);
    expect(capacityOf({})).toBe(0);
  });
});

describe('hottestKeys', () => {
  it('ranks each index’s keys by reads and by writes, with their share of that index’s touches', () => {
    const call = (touches: RecordedCall['touches']): RecordedCall => ({
      operation: 'x',
      table: 't',
      index: undefined,
      touches,
      requestBytes: 0,
      responseBytes: 0,
      status: 200,
      capacityUnits: 0,
    });
    const calls = [
      call([{ index: 'table', key: 'ACCOUNT#a#', kind: 'read' }]),
      call([{ index: 'table', key: 'ACCOUNT#a#', kind: 'read' }]),
      call([{ index: 'table', key: 'ACCOUNT#a#', kind: 'read' }]),
      call([{ index: 'table', key: 'DEVICE#1#', kind: 'read' }]),
      call([{ index: 'gsi3', key: 'HEARTBEAT#1#', kind: 'write' }]),
    ];
    expect(hottestKeys(calls, 1)).toEqual([
      { index: 'gsi3', kind: 'write', total: 1, keys: [{ key: 'HEARTBEAT#1#', count: 1, share: 1 }] },
      { index: 'table', kind: 'read', total: 4, keys: [{ key: 'ACCOUNT#a#', count: 3, share: 0.75 }] },
    ]);
  });
});
