// Archiving a document that became binding before its files were drawn (a credit note is decided
// inside its invoice's transaction): the transaction wrote a due item (shared/data/archive-due.ts);
// right after it, and again from the archive sweeper for what a crash left, each file not yet
// archived is drawn and kept, then the due item is deleted. Running it twice archives nothing twice.
import { archiveDonePart, archivesDueBefore, type DueDocument } from '#shared/data/archive-due';
import { getArchivedSlot } from '#shared/data/archive-records';
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { transact } from '#shared/data/table';
import { DomainError } from '#shared/domain/errors';
import {
  archivedDocumentOf,
  type DocumentFileDeps,
  type FileFormat,
  renderRequest,
} from '#shared/archive/document-file';
import { keepFile } from '#shared/archive/keep-file';

/** Younger due items are still their own operation's to archive. */
export const DUE_GRACE_MS = 2 * 60 * 1000;

export async function archiveDue(deps: DocumentFileDeps, due: DueDocument, now = new Date()): Promise<void> {
  const found = await creditNoteWithOrganization(deps.db, due.organizationId, due.id);
  if (found) {
    const format = found.organization.e_invoice_format ?? null;
    const document = archivedDocumentOf(found);
    for (const as of ['pdf', ...(format ? [format] : [])] as FileFormat[]) {
      if (await getArchivedSlot(deps.db, due.organizationId, due.id, as)) continue;
      const file = await deps.renderer.render(renderRequest(found, as, deps.publicBaseUrl)).catch((error: unknown) => {
        // A document its e-invoice format cannot carry (e_invoice_incomplete) is archived as its PDF.
        if (as !== 'pdf' && error instanceof DomainError) return undefined;
        throw error;
      });
      if (!file) continue;
      await keepFile(deps, found.organization, { document, kind: 'document', format: as, reason: 'issued', file }, now);
    }
  }
  await transact(deps.db, { done: archiveDonePart(deps.db, due) });
}

/** The archive sweeper's run: every due item a crash left; throws (the job's alarm) when any stays due. */
export async function sweepArchiveDue(deps: DocumentFileDeps, now = new Date()) {
  const due = await archivesDueBefore(deps.db, new Date(now.getTime() - DUE_GRACE_MS));
  const failed: { due: DueDocument; error: unknown }[] = [];
  for (const document of due)
    await archiveDue(deps, document, now).catch((error: unknown) => failed.push({ due: document, error }));
  return { archived: due.length - failed.length, failed };
}
