// A reminder by hand, now: to the client's address or the one given; a draft is sent, never reminded.
import { sesClient } from '#shared/aws/ses';
import { config } from '#shared/config';
import { configuredRenderer } from '#shared/documents/renderer';
import { sendInvoice } from '#shared/invoicing/send-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { createMetrics } from '#shared/observability/metrics';
import { sentResponse } from '#shared/http/schemas/responses/sending';
import { routeNamed } from '#functions/routes';

const { PUBLIC_BASE_URL, EMAIL_FROM, PAYMENT_PROVIDER } = config();
const mail = { ses: sesClient(), renderer: configuredRenderer(), metrics: createMetrics(), from: EMAIL_FROM };
const payOnline = PAYMENT_PROVIDER !== 'none';

export const handler = endpoint(
  routeNamed('send-reminder'),
  { params: idParams('inv'), body: sendBody, response: sentResponse },
  async ({ db, organizationId, params, body, log }) => {
    const deps = { ...mail, db, log, publicBaseUrl: PUBLIC_BASE_URL, payOnline };
    const sending = sendInvoice(deps, organizationId, params.id, body.email, { onlyReminder: true });
    const { invoice, sentAt, to } = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const message = `Reminder for invoice ${invoice.invoice_number} sent to ${to}`;
    return { status: 201, body: { message, sent_to: to, sent_at: sentAt } };
  },
);
