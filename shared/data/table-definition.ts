// The one description of the table. The CDK data construct and the local runtime both build the
// table from this object, so keys, indexes, stream and TTL cannot drift apart.

export const INDEX = {
  /** Memberships by user; invoices of an organization by issue date. */
  byOwner: 'gsi1',
  /** Invoices of an organization by status, then issue date. */
  byStatus: 'gsi2',
  /** Invoices of a client by issue date. */
  byClient: 'gsi3',
  /** Open invoices by due date (overdue sweep); recurring templates by next run (sharded). */
  byDueDate: 'gsi4',
} as const;

export type IndexName = (typeof INDEX)[keyof typeof INDEX];

export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /** Only NEW_IMAGE is needed: the stream carries outbox event items to the publisher. */
  streamView: 'NEW_IMAGE',
  indexes: Object.values(INDEX).map((name) => ({ name, partitionKey: `${name}pk`, sortKey: `${name}sk` })),
} as const;
