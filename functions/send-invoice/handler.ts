import { SESClient } from '@aws-sdk/client-ses';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { sendInvoice } from '#shared/email/send-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendInvoiceBody } from '#shared/http/schemas/invoices';

const { TABLE_NAME, PUBLIC_BASE_URL, EMAIL_FROM } = config();
const db = createDb(TABLE_NAME);
const ses = new SESClient({});

export const handler = endpoint('send-invoice', { db, params: idParams('inv'), body: sendInvoiceBody }, async ({ organizationId, params, body, log }) => {
  const { invoice, sentAt, reminder } = await sendInvoice({ db, ses, from: EMAIL_FROM, publicBaseUrl: PUBLIC_BASE_URL, log }, organizationId, params.id, body.email);
  return {
    status: 200,
    body: { message: `${reminder ? 'Reminder for invoice' : 'Invoice'} ${invoice.invoice_number} sent to ${body.email}`, sent_to: body.email, sent_at: sentAt },
  };
});
