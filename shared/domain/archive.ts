// The archive (docs/archive.md): every document as it was issued, sent or received, written once into
// locked storage, with a record that names its bytes by SHA-256. What is archived is what is served:
// an issued document is never drawn twice.
import { createHash } from 'node:crypto';
import { encodeTime, TIME_MAX } from 'ulid';
import { addDays, startOfDayIn } from '#shared/domain/dates';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';

/** Tax law's longest common period (GoBD, § 147 AO): ten years. */
export const DEFAULT_RETENTION_YEARS = 10;
export const RETENTION_YEARS = { min: 6, max: 30 } as const;

export const retentionYearsOf = (organization: { archive_retention_years?: number }) =>
  organization.archive_retention_years ?? DEFAULT_RETENTION_YEARS;

/** What an archived object is of: a document of the organization's, or one it received. */
export type ArchivedDocument = {
  type: 'invoice' | 'credit_note' | 'incoming_invoice' | 'bank_statement';
  id: string;
  number: string | null;
};

/**
 * What the object is: a drawing of the document (`document`, in `format`), the document as it went out
 * (`sending`: an e-mail's MIME, a Peppol transmission's bytes), or as it came in (`received`).
 */
export type ArchiveKind = 'document' | 'sending' | 'received';
export type ArchiveFormat = 'pdf' | EInvoiceFormat | 'email' | 'peppol-transmission' | 'original';
/** Why it was written: at issue, at the first request for a format, as it was sent, as it came in. */
export type ArchiveReason = 'issued' | 'requested' | 'sent' | 'received';

export type ArchiveRecord = {
  /** `arc_` and a ULID: records sort by the time they were written. */
  id: string;
  key: string;
  sha256: string;
  size: number;
  media_type: string;
  file_name: string;
  kind: ArchiveKind;
  format: ArchiveFormat;
  reason: ArchiveReason;
  document: ArchivedDocument;
  /** A sending's own id: the e-mail's message id, the Peppol transmission's id. */
  sending_id?: string;
  written_at: string;
  /** Until when the storage refuses to change or delete the object. */
  retain_until: string;
};

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The day the lock ends: `years` after `now`, to the second. */
export function retainUntil(now: Date, years: number): Date {
  const until = new Date(now.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

/**
 * The object's key: under its organization and document, named by what it is and its hash, so the
 * same bytes always land on the same key and a key never holds two contents written by the service.
 */
export const archiveKeyOf = (
  organizationId: string,
  entry: { document: ArchivedDocument; format: ArchiveFormat; sha256: string },
) => `${organizationId}/${entry.document.type}/${entry.document.id}/${entry.format}-${entry.sha256}`;

/** Which slot of a document a record fills: one per drawn format, one per sending, one per arrival. */
export const archiveSlotOf = (record: Pick<ArchiveRecord, 'kind' | 'format' | 'sending_id' | 'sha256'>) =>
  record.kind === 'sending' ? `${record.format}#${record.sending_id ?? record.sha256}` : record.format;

/** The outcome of reading an archived object back against its record. */
export type ArchiveCheck = 'ok' | 'missing' | 'differs';
export const checkArchived = (record: Pick<ArchiveRecord, 'sha256'>, bytes: Uint8Array | undefined): ArchiveCheck =>
  bytes === undefined ? 'missing' : sha256Of(bytes) === record.sha256 ? 'ok' : 'differs';

/** A period of days in a time zone as instants: from the first instant of `from` to just before the day after `to`. */
export function periodInstants(timeZone: string, period: { from?: string; to?: string }) {
  return {
    from: period.from ? startOfDayIn(timeZone, period.from) : new Date(0),
    to: period.to ? new Date(startOfDayIn(timeZone, addDays(period.to, 1)).getTime() - 1) : new Date(TIME_MAX),
  };
}

/** The record ids written between two instants (ids are `arc_` ULIDs: their first ten characters are the time). */
export const recordIdRange = (from: Date, to: Date) => ({
  fromId: `arc_${encodeTime(from.getTime(), 10)}${'0'.repeat(16)}`,
  toId: `arc_${encodeTime(to.getTime(), 10)}${'Z'.repeat(16)}`,
});
