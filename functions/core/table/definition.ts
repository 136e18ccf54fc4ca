/**
 * The single DynamoDB table: keys and indexes, defined once.
 * Read by the CDK data stack and by the local bootstrap, so both create the same table.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /**
   * Epoch seconds; DynamoDB deletes what expired (sign-in throttles, reset tokens, sessions, devices
   * never bound, rate windows… docs/data-model.md, "Expiry"), late: every read checks it itself.
   */
  timeToLiveAttribute: 'ttl',
  // Each entity puts in an index what it is listed by (docs/data-model.md, "Entities and keys").
  // `projection`: what an index keeps of an item besides its keys (docs/data-model.md, "Projections"):
  globalSecondaryIndexes: [
    // An owner's items by a second key: every account, admin, package, purchase and banner; a user
    // by id and the venues and spaces they hold; a venue's spaces, calendar accounts and bookings
    // (by end); a space's screens; a person's activity; an account's check-ins and releases; and the
    // sparse shards of the calendar jobs (synced spaces, pushes due).
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    // A space's bookings by end, the spaces a linked account syncs, and the sparse shards of the
    // spaces with check-in (the no-show job).
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
    // An account's bookings by end (upcoming, on now), and the sparse shards of the spaces with
    // alert feeds (the CAP job) and of the Online screens by last heartbeat (the offline job).
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
    // Every account's users and screens, newest first (the admin dashboard), in shards: keys only,
    // so that a heartbeat or a sign-in, which rewrite the item, never rewrite its entry here.
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: 'KEYS_ONLY' },
  ],
} as const;
