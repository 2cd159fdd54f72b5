import { sesClient } from '#shared/aws/ses';
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { configuredRenderer } from '#shared/documents/renderer';
import { sendInvoice } from '#shared/email/send-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { createMetrics } from '#shared/observability/metrics';
import { sentResponse } from '#shared/http/schemas/responses/sending';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL, EMAIL_FROM, PAYMENT_PROVIDER } = config();
const db = createDb(TABLE_NAME);
const ses = sesClient();
const renderer = configuredRenderer();
const metrics = createMetrics();

export const handler = endpoint(
  routeNamed('send-invoice'),
  { db, params: idParams('inv'), body: sendBody, response: sentResponse },
  async ({ db, organizationId, params, body, log }) => {
    const sending = sendInvoice(
      {
        db,
        ses,
        renderer,
        from: EMAIL_FROM,
        publicBaseUrl: PUBLIC_BASE_URL,
        log,
        metrics,
        payOnline: PAYMENT_PROVIDER !== 'none',
      },
      organizationId,
      params.id,
      body.email,
    );
    const { invoice, sentAt, reminder, to } = await sending.finally(() => metrics.publishStoredMetrics());
    return {
      status: 200,
      body: {
        message: `${reminder ? 'Reminder for invoice' : 'Invoice'} ${invoice.invoice_number} sent to ${to}`,
        sent_to: to,
        sent_at: sentAt,
      },
    };
  },
);
