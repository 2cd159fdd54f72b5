// The archive's outbox (docs/archive.md "Nothing lost"): the transaction that makes a document binding
// without its files in the archive yet (a credit note, decided inside its invoice's transaction)
// writes a due item with it. Whoever archives the files deletes the item; the archive sweeper finds
// the ones a crash left behind.
import { archiveDueKey, ARCHIVE_DUE_PARTITION, BY, indexKeys, indexQuery } from '#shared/data/keys';
import { queryAll, type Db, type WritePart } from '#shared/data/table';

export type DueDocument = { organizationId: string; type: 'credit_note'; id: string; dueAt: string };

export const archiveDuePart = (db: Db, due: DueDocument): WritePart => ({
  Put: {
    TableName: db.table,
    Item: {
      ...archiveDueKey(due.organizationId, due.type, due.id),
      type: 'archive_due',
      due,
      ...indexKeys(BY.archiveDue, ARCHIVE_DUE_PARTITION, `${due.dueAt}#${due.organizationId}#${due.type}#${due.id}`),
    },
  },
});

export const archiveDonePart = (db: Db, due: Pick<DueDocument, 'organizationId' | 'type' | 'id'>): WritePart => ({
  Delete: { TableName: db.table, Key: archiveDueKey(due.organizationId, due.type, due.id) },
});

/** The documents due since before `before`: younger ones are still their own operation's to archive. */
export async function archivesDueBefore(db: Db, before: Date): Promise<DueDocument[]> {
  const items = await queryAll(db, indexQuery(BY.archiveDue, ARCHIVE_DUE_PARTITION, { below: before.toISOString() }));
  return items.map((item) => item.due as DueDocument);
}
