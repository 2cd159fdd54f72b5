// Changing a credit note: its content is fixed once issued, so only its metadata changes, key by key.
import { existing, RACED, readDecideCommit } from '#shared/data/change';
import { getCreditNote, saveCreditNoteMetadata } from '#shared/data/credit-notes';
import type { CorrelatedDb } from '#shared/data/table';
import type { CreditNote } from '#shared/domain/credit-note';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import { creditNoteResource } from '#shared/domain/resources/credit-note';

export async function updateCreditNote(
  db: CorrelatedDb,
  publicBaseUrl: string,
  organizationId: string,
  creditNoteId: string,
  changes: { metadata: Metadata },
): Promise<CreditNote> {
  return readDecideCommit({
    subject: { resource: 'credit_note', id: creditNoteId },
    read: () => existing(getCreditNote(db, organizationId, creditNoteId), 'Credit note'),
    decide: (current): CreditNote => ({
      ...current,
      metadata: changedMetadata(current.metadata, changes.metadata),
      metadata_version: (current.metadata_version ?? 0) + 1,
    }),
    commit: async (changed, current) => {
      const event = { type: 'credit_note.updated' as const, object: creditNoteResource(changed, publicBaseUrl) };
      return (await saveCreditNoteMetadata(db, organizationId, current, changed, event)) ? changed : RACED;
    },
  });
}
