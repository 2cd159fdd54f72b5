// The archive's records (docs/data-model.md "Archive"): each record under ORG#<id> by its time-sorted
// id, a copy in its document's slot (one per format or sending: the slot's condition makes the first
// writer the only one), and its event, which the audit chain takes in with the record's SHA-256.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { archivedSlotKey, archivedSlotsOf, archiveRange, archiveRecordKey } from '#shared/data/keys';
import { outboxPut } from '#shared/data/events';
import { prefixPage, query, transact, type CorrelatedDb, type Db, type WritePart } from '#shared/data/table';
import { type ArchiveRecord, archiveSlotOf } from '#shared/domain/archive';
import type { ItemPage, PageRequest } from '#shared/domain/pages';

export const ARCHIVE_RECORD_WRITTEN = 'archive_record.written';

const recordOf = (item: Record<string, unknown>) => item.record as ArchiveRecord;

/** The record, its slot (taken only if free) and its event (`object`: the record as the API shows it). */
export function archiveRecordParts(
  db: CorrelatedDb,
  organizationId: string,
  record: ArchiveRecord,
  object: unknown,
): WritePart[] {
  const slot = archivedSlotKey(organizationId, record.document.id, archiveSlotOf(record));
  return [
    {
      Put: {
        TableName: db.table,
        Item: { ...slot, type: 'archive_slot', record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: db.table,
        Item: { ...archiveRecordKey(organizationId, record.id), type: 'archive_record', record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    outboxPut(db, organizationId, ARCHIVE_RECORD_WRITTEN, object, new Date(record.written_at)),
  ];
}

/** Writes the record alone; `taken` when its slot holds another's already (that one stands). */
export async function writeArchiveRecord(
  db: CorrelatedDb,
  organizationId: string,
  record: ArchiveRecord,
  object: unknown,
): Promise<'written' | 'taken'> {
  const written = await transact(db, { record: archiveRecordParts(db, organizationId, record, object) });
  return written.ok ? 'written' : 'taken';
}

/** The record holding a document's slot (`pdf`, a format, `email#<message id>`, …). */
export async function getArchivedSlot(
  db: Db,
  organizationId: string,
  documentId: string,
  slot: string,
): Promise<ArchiveRecord | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.table,
      Key: archivedSlotKey(organizationId, documentId, slot),
      ConsistentRead: true,
    }),
  );
  return Item ? recordOf(Item) : undefined;
}

export async function getArchiveRecord(db: Db, organizationId: string, id: string): Promise<ArchiveRecord | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: archiveRecordKey(organizationId, id) }),
  );
  return Item ? recordOf(Item) : undefined;
}

/** One page of a document's records (its formats, then its sendings), oldest slot name first. */
export const listDocumentRecords = (
  db: Db,
  organizationId: string,
  documentId: string,
  page: PageRequest,
): Promise<ItemPage<ArchiveRecord>> => prefixPage(db, archivedSlotsOf(organizationId, documentId), page, recordOf);

/** One page of the records whose ids lie between `fromId` and `toId`, oldest first. */
export async function listArchiveRecords(
  db: Db,
  organizationId: string,
  range: { fromId: string; toId: string },
  page: PageRequest,
): Promise<ItemPage<ArchiveRecord>> {
  const { Items, LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: archiveRange(organizationId, range.fromId, range.toId),
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { items: Items.map(recordOf), position: LastEvaluatedKey };
}

/** Every record between the two ids, page after page (verify and the export read them all). */
export async function* eachArchiveRecord(
  db: Db,
  organizationId: string,
  range: { fromId: string; toId: string },
): AsyncGenerator<ArchiveRecord> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listArchiveRecords(db, organizationId, range, { limit: 500, startKey });
    yield* page.items;
    startKey = page.position;
  } while (startKey);
}
