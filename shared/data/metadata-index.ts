// The metadata filter's index: one small item per key of each document or client, whose index keys
// hash the key with its value (docs/data-model.md #61). A list filtered by metadata reads one index
// page and then the documents it names: never a scan, whatever the organization's size.
import { itemsWithIds, query, type Db, type WritePart } from '#shared/data/table';
import {
  BY,
  indexQuery,
  metadataEntryIndexKeys,
  metadataEntryKey,
  metadataPartition,
  type Key,
} from '#shared/data/keys';
import { changedEntries, hasMetadata, type Metadata, type MetadataKind } from '#shared/domain/metadata';

/**
 * What keeps the index in step with a change of metadata, in the document's own transaction: a Put
 * per key added or changed (its index keys move with the value), a Delete per key removed.
 */
export function metadataIndexParts(
  db: Db,
  organizationId: string,
  kind: MetadataKind,
  id: string,
  before: Metadata | undefined,
  after: Metadata | undefined,
): WritePart[] {
  return [...changedEntries(before, after)].map(([key, value]) => {
    const entryKey = metadataEntryKey(organizationId, kind, id, key);
    return value === undefined
      ? { Delete: { TableName: db.table, Key: entryKey } }
      : {
          Put: {
            TableName: db.table,
            Item: {
              ...entryKey,
              ...metadataEntryIndexKeys(organizationId, kind, id, key, value),
              type: 'metadata_entry',
              organization_id: organizationId,
              key,
            },
          },
        };
  });
}

/** One page of the ids of `kind` whose metadata holds `key` = `value`, newest first: one Query. */
export async function idsWithMetadata(
  db: Db,
  organizationId: string,
  kind: MetadataKind,
  [key, value]: [string, string],
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ ids: string[]; position?: Record<string, unknown> }> {
  const { Items, LastEvaluatedKey } = await query(db, {
    ...indexQuery(BY.documentsWithMetadata, metadataPartition(organizationId, kind, key, value)),
    ProjectionExpression: '#sort',
    ExpressionAttributeNames: {
      ...indexQuery(BY.documentsWithMetadata, '').ExpressionAttributeNames,
      '#sort': BY.documentsWithMetadata.sortKey,
    },
    ScanIndexForward: false,
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { ids: Items.map((item) => item[BY.documentsWithMetadata.sortKey] as string), position: LastEvaluatedKey };
}

/**
 * One page of a list filtered by metadata: one Query of the index for the first pair, one
 * BatchGetItem of what it names; the other pairs and filters are checked on the items read, so a
 * page may hold fewer than `limit` (its `next` goes on).
 */
export async function pageWithMetadata<T extends { metadata?: Metadata }>(
  db: Db,
  organizationId: string,
  list: { kind: MetadataKind; keyOf: (id: string) => Key; decode: (item: Record<string, unknown>) => T },
  wanted: Metadata,
  page: { limit: number; startKey?: Record<string, unknown> },
  alsoMatches: (item: T) => boolean = () => true,
): Promise<{ items: T[]; position?: Record<string, unknown> }> {
  const first = Object.entries(wanted)[0]!;
  const { ids, position } = await idsWithMetadata(db, organizationId, list.kind, first, page);
  const items = (await itemsWithIds(db, ids, list.keyOf)).map(list.decode);
  return { items: items.filter((item) => hasMetadata(item.metadata, wanted) && alsoMatches(item)), position };
}
