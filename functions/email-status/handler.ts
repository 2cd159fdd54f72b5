// SES's e-mail events (configuration set → default bus → rule → queue) → each e-mail's delivery
// status on its invoice or credit note, its webhook event, and the organization's suppressions.
import { systemActor } from '#shared/domain/actor';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { aboutOf, reportsOf, sesBusMessage } from '#shared/email/ses-events';
import { recordEmailStatus } from '#shared/invoicing/record-email-status';
import { traced } from '#shared/observability/tracing';
import { queueWorker } from '#shared/workers/queue-worker';

const { TABLE_NAME, PUBLIC_BASE_URL, LOG_LEVEL } = config();
// No API request causes a delivery report.
const db = correlated(createDb(TABLE_NAME, traced), undefined, systemActor('email-status'));
/** A report for a message no sending records after this many receives is let go (its sending was never recorded). */
const PATIENCE = 5;

export const handler = queueWorker(
  'email-status',
  { logLevel: LOG_LEVEL, message: sesBusMessage },
  async ({ detail }, { log, record }) => {
    const about = aboutOf(detail);
    if (!about) return log.info('not an e-mail of the service', { ses_message_id: detail.mail.messageId });
    const outcome = await recordEmailStatus({ db, publicBaseUrl: PUBLIC_BASE_URL }, about, reportsOf(detail));
    log.info('e-mail status', { event_type: detail.eventType, ses_message_id: detail.mail.messageId, outcome });
    const receives = Number(record.attributes.ApproximateReceiveCount ?? 1);
    if (outcome === 'not_recorded_yet' && receives < PATIENCE) return 'retry';
  },
);
