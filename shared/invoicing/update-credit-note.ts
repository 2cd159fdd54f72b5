// Changing a credit note: its content is fixed once issued, so only its metadata changes, key by key.
import { getCreditNote, saveCreditNoteMetadata } from '#shared/data/credit-notes';
import type { CorrelatedDb } from '#shared/data/table';
import type { CreditNote } from '#shared/domain/credit-note';
import { notFound } from '#shared/domain/errors';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import { creditNoteResource } from '#shared/domain/resources/credit-note';

const MAX_ATTEMPTS = 5;

export async function updateCreditNote(
  db: CorrelatedDb,
  publicBaseUrl: string,
  organizationId: string,
  creditNoteId: string,
  changes: { metadata: Metadata },
): Promise<CreditNote> {
  for (let attempt = 1; ; attempt++) {
    const current = await getCreditNote(db, organizationId, creditNoteId);
    if (!current) throw notFound('Credit note');
    const changed: CreditNote = {
      ...current,
      metadata: changedMetadata(current.metadata, changes.metadata),
      metadata_version: (current.metadata_version ?? 0) + 1,
    };
    const event = { type: 'credit_note.updated' as const, object: creditNoteResource(changed, publicBaseUrl) };
    if (await saveCreditNoteMetadata(db, organizationId, current, changed, event)) return changed;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`credit note ${creditNoteId} kept changing under ${attempt} attempts`);
  }
}
