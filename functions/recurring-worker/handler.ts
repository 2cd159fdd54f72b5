// One organization's share of a recurring run (a message from the runner's FIFO queue): generate
// each due period in the organization's own date, sending those marked auto_send.
import { systemActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { getOrganization } from '#shared/data/organizations';
import { dateIn } from '#shared/domain/dates';
import { configuredMailing } from '#shared/email/mailing';
import { sendInvoice } from '#shared/invoicing/send-invoice';
import { createLogger } from '#shared/observability/logger';
import { runOrganization } from '#shared/recurring/runner';
import { traced } from '#shared/observability/tracing';
import { timeZoneOf } from '#shared/domain/organization';
import { organizationRun } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const { TABLE_NAME, PUBLIC_BASE_URL, LOG_LEVEL } = config();
// A scheduled run: no API request causes what it writes.
const db = correlated(createDb(TABLE_NAME, traced), undefined, systemActor('recurring-worker'));
const mail = configuredMailing();
const log = createLogger(LOG_LEVEL, { job: 'recurring-worker' });
const mailDeps = { ...mail, db, log };
/** Stop starting templates this long before the function's timeout; the rest stay due. */
const RESERVE_MS = 30_000;

/** auto_send: to `send_to`, else the client's address. A failed send leaves the invoice a draft. */
async function send(organizationId: string, invoiceId: string, to: string) {
  try {
    await sendInvoice(mailDeps, organizationId, invoiceId, to || undefined);
  } catch (error) {
    log.warn('could not send a generated invoice', { invoice_id: invoiceId, error: String(error) });
  }
}

export const handler = queueWorker(
  'recurring-worker',
  { logLevel: LOG_LEVEL, message: organizationRun, fifo: true },
  async (run, { lambda }) => {
    const today = run.today ?? dateIn(timeZoneOf(await getOrganization(db, run.organization_id)), new Date(run.now));
    const timeLeft = lambda ? () => lambda.getRemainingTimeInMillis() > RESERVE_MS : undefined;
    const result = await runOrganization({ db, publicBaseUrl: PUBLIC_BASE_URL, send }, run, today, {
      timeLeft,
      log: (message, fields) => log.error(message, fields),
    });
    log.info('recurring organization run', { organization_id: run.organization_id, today, ...result });
  },
);
