// Sending an invoice: check it may be sent, have the e-mail drawn with its PDF, hand it to SES, then record the
// sending (draft → sent, or a reminder) with its event. If SES refuses, nothing is recorded and the
// caller gets 502 email_delivery_failed.
import { SendRawEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import type { CorrelatedDb } from '#shared/data/table';
import { assertSendable, emailDeliveryFailed, recordSending } from '#shared/data/invoice-lifecycle';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { notFound, validationError } from '#shared/domain/errors';
import { getClient } from '#shared/data/clients';
import { dateIn, daysBetween } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';
import { assertTaxParties, buyerOf, sellerOf } from '#shared/domain/invoice';
import type { Logger } from '#shared/observability/logger';
import type { Counter } from '#shared/observability/metrics';
import type { DocumentRenderer } from '#shared/documents/renderer';
import { logoText } from '#shared/documents/render-requests';

export type SendDeps = {
  db: CorrelatedDb;
  ses: SESClient;
  from: string;
  publicBaseUrl: string;
  log: Logger;
  metrics?: Counter;
  /** Whether the public page offers online payment: the e-mail then links to it as such. */
  payOnline?: boolean;
  /** Draws the e-mail with its PDF and e-invoice (functions/render-document). */
  renderer: DocumentRenderer;
};

/**
 * Hands a composed e-mail to SES; answers its message id. A refusal is logged and counted, and the
 * caller gets 502 email_delivery_failed (nothing is recorded).
 */
export async function deliverEmail(
  deps: SendDeps,
  raw: Buffer,
  recipient: string,
  about: Record<string, string>,
): Promise<string> {
  try {
    const sent = await deps.ses.send(
      new SendRawEmailCommand({ RawMessage: { Data: raw }, Source: deps.from, Destinations: [recipient] }),
    );
    return sent.MessageId ?? 'unknown';
  } catch (error) {
    deps.log.error('SES refused the e-mail', { error: String(error), ...about });
    deps.metrics?.count('InvoiceEmailsFailed');
    throw emailDeliveryFailed();
  }
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
  const raw = Buffer.from(email.content);
  const messageId = await deliverEmail(deps, raw, recipient, { invoice_id: invoiceId });
  const sentAt = new Date().toISOString();
  const updated = await recordSending(
    deps.db,
    organizationId,
    invoiceId,
    { to: recipient, sent_at: sentAt, message_id: messageId },
    deps.publicBaseUrl,
    issuedParties,
  );
  return { invoice: updated, sentAt, reminder, to: recipient };
}
