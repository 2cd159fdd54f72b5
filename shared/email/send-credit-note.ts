// Sending a credit note: render its PDF, hand the e-mail to SES, then record the sending with its
// event. If SES refuses, nothing is recorded and the caller gets 502 email_delivery_failed.
import { getClient } from '#shared/data/clients';
import { creditNoteWithOrganization, recordCreditNoteSending } from '#shared/data/credit-notes';
import { notFound, validationError } from '#shared/domain/errors';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { deliverEmail, type SendDeps } from '#shared/email/send-invoice';

/** Sends to `to`, or without it to the client's stored address. */
export async function sendCreditNote(deps: SendDeps, organizationId: string, creditNoteId: string, to?: string) {
  const found = await creditNoteWithOrganization(deps.db, organizationId, creditNoteId);
  if (!found) throw notFound('Credit note');
  const { creditNote: stored, organization, logo } = found;
  const recipient = to ?? (await getClient(deps.db, organizationId, stored.client_id))?.email;
  if (!recipient) throw validationError({ email: 'is required: the client has no e-mail address' });
  const creditNote = creditNoteResource(stored, deps.publicBaseUrl);
  const [{ renderCreditNotePdf }, { composeDocumentEmail }, { creditNoteView }, { creditNoteEInvoice }] =
    await Promise.all([
      import('#shared/documents/invoice-pdf'),
      import('#shared/email/invoice-email'),
      import('#shared/documents/credit-note-view'),
      import('#shared/documents/e-invoice-file'),
    ]);
  // With a default e-invoice format the e-mail carries it, as an invoice's does.
  const format = organization.e_invoice_format;
  const eInvoice = format
    ? await creditNoteEInvoice(format, { creditNote: stored, logo }, deps.publicBaseUrl)
    : undefined;
  const view = creditNoteView({ creditNote, logo });
  const words = view.words.email;
  const raw = await composeDocumentEmail({
    from: deps.from,
    to: recipient,
    view,
    replyTo: stored.seller?.email ?? organization.email,
    subject: words.creditNoteSubject(creditNote.credit_note_number, view.seller.name),
    paragraphs: [
      words.creditNoteBody(
        view.seller.name,
        creditNote.credit_note_number,
        creditNote.invoice.number,
        view.totals.find((total) => total.key === 'total')!.value,
      ),
    ],
    links: [
      [words.viewCreditNote, creditNote.public_url],
      [view.words.downloadPdf, creditNote.pdf_url],
    ],
    filename: `${creditNote.credit_note_number}.pdf`,
    pdf: format === 'factur-x' ? (eInvoice!.content as Uint8Array) : await renderCreditNotePdf({ creditNote, logo }),
    attachments: eInvoice && format !== 'factur-x' ? [eInvoice] : [],
  });
  const messageId = await deliverEmail(deps, raw, recipient, { credit_note_id: creditNoteId });
  const sending = { to: recipient, sent_at: new Date().toISOString(), message_id: messageId };
  return recordCreditNoteSending(deps.db, organizationId, stored, sending, deps.publicBaseUrl);
}
