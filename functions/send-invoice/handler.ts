import { configuredMailing } from '#shared/email/mailing';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendInvoiceBody } from '#shared/http/schemas/issuing';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { sendInvoiceThrough } from '#shared/peppol/send-invoice-through';
import { route } from '#functions/send-invoice/route';

const mail = configuredMailing();
const peppol = configuredPeppolGateway();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: sendInvoiceBody },
  async ({ db, organizationId, params, body, log }) => {
    const sending = sendInvoiceThrough({ ...mail, db, log, peppol }, organizationId, params.id, body);
    const sent = await sending.finally(() => mail.metrics.publishStoredMetrics());
    if (sent.channel === 'peppol') {
      const { invoice, sending: peppolSending, repeated } = sent;
      const message = `Invoice ${invoice.invoice_number} ${repeated ? 'was already queued' : 'queued'} for Peppol to ${peppolSending.to}`;
      const body = {
        message,
        channel: sent.channel,
        sent_to: peppolSending.to,
        sent_at: peppolSending.status_at,
        sending: peppolSending,
      };
      return { status: 200, body };
    }
    const { invoice, sentAt, reminder, to } = sent;
    const message = `${reminder ? 'Reminder for invoice' : 'Invoice'} ${invoice.invoice_number} sent to ${to}`;
    return { status: 200, body: { message, channel: sent.channel, sent_to: to, sent_at: sentAt, sending: null } };
  },
);
