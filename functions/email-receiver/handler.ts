// SES receipt rule → S3 (the MIME) and SNS → SQS (the notification) → each XML or PDF attachment into
// the inbox of every organization the e-mail was addressed to (docs/incoming-invoices.md, "By e-mail").
import { archiveStore } from '#shared/aws/archive-store';
import { incomingStore } from '#shared/aws/incoming-store';
import { config, incomingStoreConfig, required } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { configuredReader } from '#shared/e-invoice-reader/reader';
import { receiveEmail } from '#shared/inbox/receive-email';
import { traced } from '#shared/observability/tracing';
import { type SesReceived, sesReceivedNotification } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const settings = config();
const { INCOMING_BUCKET } = incomingStoreConfig();
const domain = required(settings, 'INBOUND_EMAIL_DOMAIN');
const table = createDb(settings.TABLE_NAME, traced);
const store = incomingStore();
const reader = configuredReader();
const archive = archiveStore();

export const handler = queueWorker(
  'email-receiver',
  { logLevel: settings.LOG_LEVEL, message: sesReceivedNotification },
  async (notification, { log }) => {
    if (notification.notificationType !== 'Received')
      return log.info('not a received e-mail', { type: notification.notificationType });
    const { mail, receipt } = notification as SesReceived;
    // SES scans every message (the rule's scanEnabled); one that carries a virus is not opened.
    if (receipt.virusVerdict?.status === 'FAIL' || receipt.action.bucketName !== INCOMING_BUCKET)
      return log.warn('e-mail left unopened', {
        ses_message_id: mail.messageId,
        verdict: receipt.virusVerdict?.status,
      });
    const raw = await store.get(receipt.action.objectKey);
    if (!raw) throw new Error(`the e-mail ${mail.messageId} is not at ${receipt.action.objectKey}`);
    const db = correlated(table, undefined, systemActor('email-receiver'));
    const deps = { db, store, reader, archive, publicBaseUrl: settings.PUBLIC_BASE_URL, domain };
    const outcomes = await receiveEmail(deps, { raw, recipients: receipt.recipients, messageId: mail.messageId });
    log.info('e-mail received', { ses_message_id: mail.messageId, outcomes });
  },
);
