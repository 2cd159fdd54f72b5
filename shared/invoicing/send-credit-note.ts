// Sending a credit note: have the e-mail drawn with its PDF, hand it to SES, then record the sending
// with its event. If SES refuses, nothing is recorded.
import { getClient } from '#shared/data/clients';
import { creditNoteWithOrganization, saveCreditNoteSending } from '#shared/data/credit-notes';
import type { CreditNote } from '#shared/domain/credit-note';
import { notFound, validationError } from '#shared/domain/errors';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { fileText, logoText } from '#shared/documents/render-requests';
import { archivedDocumentOf, documentFile } from '#shared/archive/document-file';
import { recordParts, storeArchived } from '#shared/archive/keep-file';
import { deliverEmail } from '#shared/email/deliver-email';
import type { SendDeps } from '#shared/invoicing/mail-invoice';
import { assertMailable } from '#shared/invoicing/mailable';

/** Sends to `to`, or without it to the client's stored address; `force` mails a suppressed address too. */
export async function sendCreditNote(
  deps: SendDeps,
  organizationId: string,
  creditNoteId: string,
  to?: string,
  { force = false, loaded }: { force?: boolean; loaded?: Awaited<ReturnType<typeof creditNoteWithOrganization>> } = {},
): Promise<CreditNote> {
  const found = loaded ?? (await creditNoteWithOrganization(deps.db, organizationId, creditNoteId));
  if (!found) throw notFound('Credit note');
  const { creditNote: stored, organization, logo } = found;
  const recipient = to ?? (await getClient(deps.db, organizationId, stored.client_id))?.email;
  if (!recipient) throw validationError({ email: 'is required: the client has no e-mail address' });
  await assertMailable(deps.db, organizationId, recipient, force);
  // As archived at issue (docs/archive.md): Factur-X in place of the PDF, as it carries it.
  const format = organization.e_invoice_format ?? null;
  const [pdf, eInvoice] = await Promise.all([
    documentFile(deps, found, format === 'factur-x' ? format : 'pdf'),
    format && format !== 'factur-x' ? documentFile(deps, found, format) : undefined,
  ]);
  const email = await deps.renderer.render({
    kind: 'credit-note-email',
    creditNote: stored,
    format,
    files: { pdf: fileText(pdf), ...(eInvoice ? { eInvoice: fileText(eInvoice) } : {}) },
    mail: { from: deps.from, to: recipient, replyTo: stored.seller?.email ?? organization.email },
    logo: logoText(logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const about = { organizationId, document: { kind: 'credit_note' as const, id: creditNoteId } };
  const messageId = await deliverEmail(deps, Buffer.from(email.content), recipient, about);
  const sending = { to: recipient, sent_at: new Date().toISOString(), message_id: messageId };
  const sent = { ...stored, sendings: [...(stored.sendings ?? []), sending] };
  const event = { type: 'credit_note.sent' as const, object: creditNoteResource(sent, deps.publicBaseUrl) };
  const document = archivedDocumentOf(found);
  const kept = { document, kind: 'sending' as const, format: 'email' as const, reason: 'sent' as const };
  const mailed = await storeArchived(deps, organization, { ...kept, file: email, sendingId: messageId });
  await saveCreditNoteSending(
    deps.db,
    organizationId,
    stored.id,
    sending,
    event,
    recordParts(deps, organizationId, [mailed]),
  );
  return sent;
}
