// Sending a credit note: have the e-mail drawn with its PDF, hand it to SES, then record the sending with its
// event. If SES refuses, nothing is recorded and the caller gets 502 email_delivery_failed.
import { getClient } from '#shared/data/clients';
import { creditNoteWithOrganization, recordCreditNoteSending } from '#shared/data/credit-notes';
import { notFound, validationError } from '#shared/domain/errors';
import { logoText } from '#shared/documents/render-requests';
import { deliverEmail, type SendDeps } from '#shared/email/send-invoice';

/** Sends to `to`, or without it to the client's stored address. */
export async function sendCreditNote(deps: SendDeps, organizationId: string, creditNoteId: string, to?: string) {
  const found = await creditNoteWithOrganization(deps.db, organizationId, creditNoteId);
  if (!found) throw notFound('Credit note');
  const { creditNote: stored, organization, logo } = found;
  const recipient = to ?? (await getClient(deps.db, organizationId, stored.client_id))?.email;
  if (!recipient) throw validationError({ email: 'is required: the client has no e-mail address' });
  const email = await deps.renderer.render({
    kind: 'credit-note-email',
    creditNote: stored,
    format: organization.e_invoice_format,
    mail: { from: deps.from, to: recipient, replyTo: stored.seller?.email ?? organization.email },
    logo: logoText(logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const raw = Buffer.from(email.content);
  const messageId = await deliverEmail(deps, raw, recipient, { credit_note_id: creditNoteId });
  const sending = { to: recipient, sent_at: new Date().toISOString(), message_id: messageId };
  return recordCreditNoteSending(deps.db, organizationId, stored, sending, deps.publicBaseUrl);
}
