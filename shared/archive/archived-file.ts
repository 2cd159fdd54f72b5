// An issued document's file as it was archived: read back and checked against its record, never drawn
// again. A format first asked for after issue is drawn then and archived at that request. A file whose
// bytes no longer match their record is refused (409 archive_mismatch), never served.
import { getArchivedSlot } from '#shared/data/archive-records';
import { type ArchivedDocument, type ArchiveRecord, checkArchived } from '#shared/domain/archive';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { RenderedFile } from '#shared/documents/render-requests';
import { type ArchiveDeps, type ArchiveOwner, keepFile } from '#shared/archive/keep-file';

export const archiveMismatch = (record: ArchiveRecord, reason: 'missing' | 'differs') =>
  new DomainError(
    ErrorCode.archiveMismatch,
    reason === 'missing'
      ? `The archived object of record ${record.id} is missing`
      : `The archived object of record ${record.id} no longer matches its SHA-256`,
    { record: record.id, key: record.key, reason },
  );

/** The record's bytes as the file they were archived as; archive_mismatch when they are gone or changed. */
export async function readArchived(deps: Pick<ArchiveDeps, 'archive'>, record: ArchiveRecord): Promise<RenderedFile> {
  const bytes = await deps.archive.get(record.key);
  const check = checkArchived(record, bytes);
  if (check !== 'ok') throw archiveMismatch(record, check);
  return { filename: record.file_name, contentType: record.media_type, content: bytes! };
}

export type IssuedFile = {
  owner: ArchiveOwner;
  document: ArchivedDocument;
  format: 'pdf' | EInvoiceFormat;
  /** Draws the file, for a format not archived yet. */
  draw: () => Promise<RenderedFile>;
};

/** The file of an issued document in `format`: archived bytes, or drawn now and archived (reason `requested`). */
export async function archivedFile(deps: ArchiveDeps, wanted: IssuedFile): Promise<RenderedFile> {
  const { owner, document, format } = wanted;
  const record = await getArchivedSlot(deps.db, owner.id, document.id, format);
  if (record) return readArchived(deps, record);
  const file = await wanted.draw();
  const kept = await keepFile(deps, owner, { document, kind: 'document', format, reason: 'requested', file });
  return readArchived(deps, kept);
}
