// The one description of the table. The CDK data construct and the local runtime both build the
// table from this object, so keys, indexes, stream and TTL cannot drift apart.

/** The table's global secondary indexes. Each serves several access patterns (keys.ts names them). */
export const INDEX_NAMES = ['gsi1', 'gsi2', 'gsi3', 'gsi4'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /** Only NEW_IMAGE is needed: the stream carries outbox event items to the publisher. */
  streamView: 'NEW_IMAGE',
  indexes: INDEX_NAMES.map((name) => ({ name, partitionKey: `${name}pk`, sortKey: `${name}sk` })),
} as const;
