// Archiving one file: its bytes go into the locked bucket first (the write is confirmed before
// anything names it), then its record is committed, alone or in the transaction of the change that
// made the document binding (docs/archive.md "Nothing lost"). A key names its bytes' hash, so writing
// the same bytes again writes the same object.
import type { ArchiveStore } from '#shared/aws/archive-store';
import { archiveRecordParts, getArchivedSlot, writeArchiveRecord } from '#shared/data/archive-records';
import type { CorrelatedDb, WritePart } from '#shared/data/table';
import {
  type ArchivedDocument,
  type ArchiveFormat,
  type ArchiveKind,
  type ArchiveReason,
  type ArchiveRecord,
  archiveKeyOf,
  archiveSlotOf,
  retainUntil,
  retentionYearsOf,
  sha256Of,
} from '#shared/domain/archive';
import { newId } from '#shared/domain/ids';
import { archiveRecordResource } from '#shared/domain/resources/archive-record';
import type { RenderedFile } from '#shared/documents/render-requests';

export type ArchiveDeps = { db: CorrelatedDb; archive: ArchiveStore; publicBaseUrl: string };

/** Whose archive, and for how long what it writes now is locked. */
export type ArchiveOwner = { id: string; archive_retention_years?: number };

export type Keeping = {
  document: ArchivedDocument;
  kind: ArchiveKind;
  format: ArchiveFormat;
  reason: ArchiveReason;
  file: RenderedFile;
  sendingId?: string;
};

export const bytesOf = (file: RenderedFile) =>
  typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : new Uint8Array(file.content);

/** Writes the file into the archive and answers its record, to be committed (recordParts, keepFile). */
export async function storeArchived(
  deps: ArchiveDeps,
  owner: ArchiveOwner,
  keeping: Keeping,
  now = new Date(),
): Promise<ArchiveRecord> {
  const bytes = bytesOf(keeping.file);
  const sha256 = sha256Of(bytes);
  const until = retainUntil(now, retentionYearsOf(owner));
  const key = archiveKeyOf(owner.id, { document: keeping.document, format: keeping.format, sha256 });
  await deps.archive.put(key, bytes, { mediaType: keeping.file.contentType, sha256, retainUntil: until });
  return {
    id: newId('arc', now.getTime()),
    key,
    sha256,
    size: bytes.length,
    media_type: keeping.file.contentType,
    file_name: keeping.file.filename,
    kind: keeping.kind,
    format: keeping.format,
    reason: keeping.reason,
    document: keeping.document,
    ...(keeping.sendingId ? { sending_id: keeping.sendingId } : {}),
    written_at: now.toISOString(),
    retain_until: until.toISOString(),
  };
}

/** The parts that commit stored records (each with its event) in the caller's transaction. */
export const recordParts = (
  deps: Pick<ArchiveDeps, 'db' | 'publicBaseUrl'>,
  organizationId: string,
  records: readonly ArchiveRecord[],
): WritePart[] =>
  records.flatMap((record) =>
    archiveRecordParts(deps.db, organizationId, record, archiveRecordResource(record, deps.publicBaseUrl)),
  );

/** Stores and commits the file alone; answers the record that holds its slot (another's, if one came first). */
export async function keepFile(
  deps: ArchiveDeps,
  owner: ArchiveOwner,
  keeping: Keeping,
  now = new Date(),
): Promise<ArchiveRecord> {
  const record = await storeArchived(deps, owner, keeping, now);
  const object = archiveRecordResource(record, deps.publicBaseUrl);
  if ((await writeArchiveRecord(deps.db, owner.id, record, object)) === 'written') return record;
  return (await getArchivedSlot(deps.db, owner.id, record.document.id, archiveSlotOf(record)))!;
}
