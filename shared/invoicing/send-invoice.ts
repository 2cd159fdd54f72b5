// Sending an invoice: check it may be sent, have the e-mail drawn with its PDF, hand it to SES, then
// record the sending (draft → sent, or a reminder) with its event. If SES refuses, nothing is recorded.
import { getClient } from '#shared/data/clients';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { dateIn, daysBetween } from '#shared/domain/dates';
import { notFound, validationError } from '#shared/domain/errors';
import { assertTaxParties, buyerOf, sellerOf, type Invoice } from '#shared/domain/invoice';
import { isRefusal, refusalError, send } from '#shared/domain/invoice-lifecycle';
import { timeZoneOf } from '#shared/domain/organization';
import { logoText } from '#shared/documents/render-requests';
import type { DocumentRenderer } from '#shared/documents/renderer';
import { deliverEmail, type MailDeps } from '#shared/email/deliver-email';
import { recordSending } from '#shared/invoicing/record-sending';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type SendDeps = InvoicingDeps &
  MailDeps & {
    /** Whether the public page offers online payment: the e-mail then links to it as such. */
    payOnline?: boolean;
    /** Draws the e-mail with its PDF and e-invoice (functions/render-document). */
    renderer: DocumentRenderer;
  };

function assertSendable(invoice: Invoice): void {
  const next = send(invoice.status);
  if (isRefusal(next)) throw refusalError(next);
}

/** Sends to `to`, or without it to the client's stored address. */
export async function sendInvoice(deps: SendDeps, organizationId: string, invoiceId: string, to?: string) {
  const found = await invoiceWithOrganization(deps.db, organizationId, invoiceId);
  if (!found) throw notFound('Invoice');
  const { invoice: stored, organization, logo } = found;
  assertSendable(stored);
  const reminder = stored.status !== 'draft';
  // Issuing a draft prints the parties as they are now; a reminder repeats the invoice as issued.
  const client = !reminder || !to ? await getClient(deps.db, organizationId, stored.client_id) : undefined;
  const recipient = to ?? client?.email;
  if (!recipient) throw validationError({ email: 'is required: the client has no e-mail address' });
  const issuedParties = reminder
    ? undefined
    : { seller: sellerOf(organization), buyer: client ? buyerOf(client) : stored.buyer };
  if (issuedParties) assertTaxParties({ ...stored, ...issuedParties });
  // The invoice as it goes out: a draft is issued with today's parties and status sent.
  const sending = { ...stored, ...issuedParties, status: reminder ? stored.status : ('sent' as const) };
  const email = await deps.renderer.render({
    kind: 'invoice-email',
    invoice: sending,
    format: organization.e_invoice_format,
    overdueDays: Math.max(0, daysBetween(sending.due_date, dateIn(timeZoneOf(organization)))),
    reminder,
    payOnline: deps.payOnline ?? false,
    mail: { from: deps.from, to: recipient, replyTo: stored.seller?.email ?? organization.email },
    logo: logoText(logo),
    publicBaseUrl: deps.publicBaseUrl,
  });
  const messageId = await deliverEmail(deps, Buffer.from(email.content), recipient, { invoice_id: invoiceId });
  const sentAt = new Date().toISOString();
  const sent = { to: recipient, sent_at: sentAt, message_id: messageId };
  const updated = await recordSending(deps, organizationId, invoiceId, sent, issuedParties);
  return { invoice: updated, sentAt, reminder, to: recipient };
}
