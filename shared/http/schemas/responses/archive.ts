// The archive as the API answers it (shared/domain/resources/archive-record.ts), and verify's answer.
import * as z from 'zod/mini';
import { E_INVOICE_FORMATS } from '#shared/domain/e-invoice-format';
import type { archiveRecordResource } from '#shared/domain/resources/archive-record';
import { idOfResource, pageOf, type Same, sha256, timestamp } from '#shared/http/schemas/responses/common';

export const archiveRecordResponse = z
  .strictObject({
    id: idOfResource('arc'),
    /** What the object is of: an invoice or credit note of the organization's, or a document it received. */
    document: z.strictObject({
      type: z.enum(['invoice', 'credit_note', 'incoming_invoice', 'bank_statement']),
      id: z.string(),
      number: z.nullable(z.string()),
    }),
    /** `document`: a drawing of it; `sending`: it as it went out; `received`: it as it came in. */
    kind: z.enum(['document', 'sending', 'received']),
    format: z.enum(['pdf', ...E_INVOICE_FORMATS, 'email', 'peppol-transmission', 'original']),
    /** `issued`: written when it became binding; `requested`: a format first asked for later. */
    reason: z.enum(['issued', 'requested', 'sent', 'received']),
    /** A sending's own id: the e-mail's message id, the Peppol transmission's id. */
    sending_id: z.nullable(z.string()),
    key: z.string(),
    sha256,
    size: z.number(),
    media_type: z.string(),
    file_name: z.string(),
    written_at: timestamp,
    /** Until when the storage refuses to change or delete the object (Object Lock, compliance mode). */
    retain_until: timestamp,
    /** Where the archived bytes are served. */
    url: z.url(),
  })
  .register(z.globalRegistry, { id: 'ArchiveRecord' });

const _agree: [Same<z.output<typeof archiveRecordResponse>, ReturnType<typeof archiveRecordResource>>] = [true];

export const archiveRecordPage = pageOf(archiveRecordResponse);

export const archiveVerification = z
  .union([
    z.strictObject({ status: z.literal('ok'), objects: z.number() }),
    z.strictObject({
      status: z.literal('broken'),
      objects: z.number(),
      record: z.string(),
      key: z.nullable(z.string()),
      /** `missing`: no object; `differs`: its bytes are not those recorded; `record_missing`: the audit chain names a record the table lacks. */
      reason: z.enum(['missing', 'differs', 'record_missing']),
    }),
  ])
  .register(z.globalRegistry, { id: 'ArchiveVerification' });
