// The search index of invoices: one item per term (number, words of the client's name, total) in a
// partition of the organization's own, written in the invoice's transaction (docs/data-model.md #62).
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { query, type Db, type WritePart } from '#shared/data/table';
import { SEARCH_TERM_END, searchPartition, searchTermKey } from '#shared/data/keys';

/** Puts for terms the invoice gains, Deletes for terms it loses: none when its terms stay. */
export function searchTermParts(
  db: Db,
  organizationId: string,
  invoiceId: string,
  before: readonly string[],
  after: readonly string[],
): WritePart[] {
  const gone = before.filter((term) => !after.includes(term));
  const added = after.filter((term) => !before.includes(term));
  return [
    ...gone.map((term) => ({ Delete: { TableName: db.table, Key: searchTermKey(organizationId, term, invoiceId) } })),
    ...added.map((term) => ({
      Put: {
        TableName: db.table,
        Item: {
          ...searchTermKey(organizationId, term, invoiceId),
          type: 'search_term',
          organization_id: organizationId,
        },
      },
    })),
  ];
}

/** Writes terms that may be missing (invoices stored before search existed): Puts only, so running again changes nothing. */
export async function putSearchTerms(db: Db, organizationId: string, terms: { invoiceId: string; term: string }[]) {
  for (let start = 0; start < terms.length; start += 25) {
    let requests: BatchWriteCommandOutput['UnprocessedItems'] = {
      [db.table]: terms.slice(start, start + 25).map(({ invoiceId, term }) => ({
        PutRequest: {
          Item: {
            ...searchTermKey(organizationId, term, invoiceId),
            type: 'search_term',
            organization_id: organizationId,
          },
        },
      })),
    };
    while (requests?.[db.table]?.length)
      requests = (await db.client.send(new BatchWriteCommand({ RequestItems: requests }))).UnprocessedItems;
  }
}

export type SearchEntry = { term: string; invoiceId: string };

/** One page of a range of terms, in the table's order: one Query. */
export async function searchEntries(
  db: Db,
  organizationId: string,
  range: { prefix: string; exact: boolean },
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ entries: SearchEntry[]; position?: Record<string, unknown> }> {
  const { Items, LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': searchPartition(organizationId),
      ':prefix': range.exact ? `${range.prefix}${SEARCH_TERM_END}` : range.prefix,
    },
    ProjectionExpression: 'sk',
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  const entries = Items.map((item) => {
    const sort = item.sk as string;
    const end = sort.lastIndexOf(SEARCH_TERM_END);
    return { term: sort.slice(0, end), invoiceId: sort.slice(end + 1) };
  });
  return { entries, position: LastEvaluatedKey };
}
