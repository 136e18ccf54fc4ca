/**
 * The single DynamoDB table: keys and indexes, defined once.
 * Read by the CDK data stack and by the local bootstrap, so both create the same table.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds; DynamoDB deletes expired sign-in throttles and reset tokens. */
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    // Lookups by a second key: user by e-mail, account lists, entities by status.
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // Second lookup: recent items by creation time, a space's bookings by the instant they end.
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // An account's bookings by the instant they end: upcoming bookings, what is on now.
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];
