// A reminder by hand, now: to the client's address or the one given; a draft is sent, never reminded.
import { sendInvoice } from '#shared/invoicing/send-invoice';
import { configuredMailing } from '#shared/email/mailing';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { route } from '#functions/send-reminder/route';

const mail = configuredMailing();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: sendBody },
  async ({ db, organizationId, params, body, log }) => {
    const deps = { ...mail, db, log };
    const sending = sendInvoice(deps, organizationId, params.id, body.email, { onlyReminder: true, force: body.force });
    const { invoice, sentAt, to } = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const message = `Reminder for invoice ${invoice.invoice_number} sent to ${to}`;
    return { status: 201, body: { message, sent_to: to, sent_at: sentAt } };
  },
);
