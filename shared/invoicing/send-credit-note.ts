// Sending a credit note: have the e-mail drawn with its PDF, hand it to SES, then record the sending
// with its event. If SES refuses, nothing is recorded.
import { getClient } from '#shared/data/clients';
import { creditNoteWithOrganization, saveCreditNoteSending } from '#shared/data/credit-notes';
import type { CreditNote } from '#shared/domain/credit-note';
import { notFound, validationError } from '#shared/domain/errors';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { logoText } from '#shared/documents/render-requests';
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
  const email = await deps.renderer.render({
    kind: 'credit-note-email',
    creditNote: stored,
    format: organization.e_invoice_format,
    mail: { from: deps.from, to: recipient, replyTo: stored.seller?.email ?? organization.email },
    logo: logoText(logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const about = { organizationId, document: { kind: 'credit_note' as const, id: creditNoteId } };
  const messageId = await deliverEmail(deps, Buffer.from(email.content), recipient, about);
  const sending = { to: recipient, sent_at: new Date().toISOString(), message_id: messageId };
  const sent = { ...stored, sendings: [...(stored.sendings ?? []), sending] };
  const event = { type: 'credit_note.sent' as const, object: creditNoteResource(sent, deps.publicBaseUrl) };
  await saveCreditNoteSending(deps.db, organizationId, stored.id, sending, event);
  return sent;
}
