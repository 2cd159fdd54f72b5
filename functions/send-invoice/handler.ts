import { sendInvoice } from '#shared/invoicing/send-invoice';
import { configuredMailing } from '#shared/email/mailing';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendInvoiceBody } from '#shared/http/schemas/issuing';
import { route } from '#functions/send-invoice/route';

const mail = configuredMailing();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: sendInvoiceBody },
  async ({ db, organizationId, params, body, log }) => {
    const deps = { ...mail, db, log };
    const sending = sendInvoice(deps, organizationId, params.id, body.email, {
      force: body.force,
      exchangeRate: body.exchange_rate,
    });
    const { invoice, sentAt, reminder, to } = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const message = `${reminder ? 'Reminder for invoice' : 'Invoice'} ${invoice.invoice_number} sent to ${to}`;
    return { status: 200, body: { message, sent_to: to, sent_at: sentAt } };
  },
);
