// The table's indexes, each access pattern that reads one under its own name (docs/data-model.md).
import type { IndexName } from '#shared/data/table-definition';

/** An index as one access pattern reads it: its name and its key attributes. */
export type IndexAccess = { name: IndexName; partitionKey: `${IndexName}pk`; sortKey: `${IndexName}sk` };
const index = (name: IndexName): IndexAccess => ({ name, partitionKey: `${name}pk`, sortKey: `${name}sk` });

/**
 * Every access pattern that reads an index, under its own name; the numbers are the rows of
 * docs/data-model.md "Access patterns". Patterns share an index when their partitions cannot meet.
 */
export const BY = {
  /** #10: an organization's invoices, newest issue date first. */
  invoicesByIssueDate: index('gsi1'),
  /** #16: the organizations a user belongs to. */
  membershipsOfUser: index('gsi1'),
  /** #25: a user's refresh tokens, to revoke them all. */
  refreshTokensOfUser: index('gsi1'),
  /** #11: an organization's invoices with one status. */
  invoicesByStatus: index('gsi2'),
  /** #12: a client's invoices. */
  invoicesOfClient: index('gsi3'),
  /** #18: open invoices by due date, sharded, for the overdue sweep. */
  openInvoicesByDueDate: index('gsi4'),
  /** #20: outbox events not yet published, for the outbox sweeper. */
  unpublishedEvents: index('gsi4'),
  /** #23: active recurring templates by next run date, sharded. */
  recurringDue: index('gsi4'),
  /** #30: number series with numbers not yet verified, by when they are due a look, sharded. */
  seriesToVerify: index('gsi4'),
  /** #33: an organization's credit notes, newest issue date first. */
  creditNotesByIssueDate: index('gsi1'),
  /** #40: invoices due a look by the reminder sweep, by date, sharded. */
  remindersDue: index('gsi4'),
  /** #47: sent quotes by expiry date, sharded, for the quote sweep. */
  sentQuotesByExpiry: index('gsi4'),
  /** #69: documents whose archiving is due, oldest first, for the archive sweeper. */
  archiveDue: index('gsi4'),
  /** #61: the documents (or clients) of one kind whose metadata holds a key with a value, newest first. */
  documentsWithMetadata: index('gsi2'),
} as const;

/** The index key attributes an item carries to be found by `access`. */
export const indexKeys = (access: IndexAccess, partition: string, sort: string) => ({
  [access.partitionKey]: partition,
  [access.sortKey]: sort,
});

/** Query parameters for one partition of an index, with an optional condition on its sort key. */
export function indexQuery(
  access: IndexAccess,
  partition: string,
  sort?: { below: string } | { atMost: string } | { from: string; to: string },
) {
  const condition = !sort
    ? ''
    : 'below' in sort
      ? ' AND #sk < :sort'
      : 'atMost' in sort
        ? ' AND #sk <= :sort'
        : ' AND #sk BETWEEN :from AND :to';
  const values = !sort
    ? {}
    : 'below' in sort
      ? { ':sort': sort.below }
      : 'atMost' in sort
        ? { ':sort': sort.atMost }
        : { ':from': sort.from, ':to': sort.to };
  return {
    IndexName: access.name,
    KeyConditionExpression: `#pk = :pk${condition}`,
    ExpressionAttributeNames: { '#pk': access.partitionKey, ...(sort ? { '#sk': access.sortKey } : {}) } as Record<
      string,
      string
    >,
    ExpressionAttributeValues: { ':pk': partition, ...values } as Record<string, unknown>,
  };
}
