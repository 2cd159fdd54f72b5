// Every few minutes: generate the invoices of the recurring templates that are due.
import { SESClient } from '@aws-sdk/client-ses';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { getClient } from '#shared/data/clients';
import { getInvoice } from '#shared/data/invoices';
import { todayUtc } from '#shared/domain/dates';
import { sendInvoice } from '#shared/email/send-invoice';
import { createLogger } from '#shared/http/logger';
import { runRecurring } from '#shared/recurring/runner';

const { TABLE_NAME, PUBLIC_BASE_URL, EMAIL_FROM, LOG_LEVEL } = config();
const db = createDb(TABLE_NAME);
const ses = new SESClient({});
const log = createLogger(LOG_LEVEL, { job: 'recurring-runner' });

/** auto_send: to `send_to`, else the client's address. A failed send leaves the invoice a draft. */
async function send(organizationId: string, invoiceId: string, to: string) {
  try {
    const invoice = to ? undefined : await getInvoice(db, organizationId, invoiceId);
    const recipient = to || (invoice && (await getClient(db, organizationId, invoice.client_id))?.email);
    if (!recipient) return;
    await sendInvoice({ db, ses, from: EMAIL_FROM, publicBaseUrl: PUBLIC_BASE_URL, log }, organizationId, invoiceId, recipient);
  } catch (error) {
    log.warn('could not send a generated invoice', { invoice_id: invoiceId, error: String(error) });
  }
}

export const handler = async (event: { today?: string } = {}) => {
  const today = event.today ?? todayUtc();
  const result = await runRecurring({ db, publicBaseUrl: PUBLIC_BASE_URL, send }, today, (message, fields) => log.error(message, fields));
  log.info('recurring run', { today, ...result });
  return result;
};
