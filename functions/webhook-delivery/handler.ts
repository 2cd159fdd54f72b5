// Delivers queued webhooks; failures come back after the retry schedule's delay. Each delivery is
// logged and counted under the correlation id of the request that caused its event.
import { sqsClient } from '#shared/aws/sqs';
import { config, required } from '#shared/config';
import { createDb } from '#shared/data/table';
import { traced } from '#shared/observability/tracing';
import { deliverMessage } from '#shared/webhooks/delivery-handler';
import { deliveryMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const settings = config();
const deps = {
  db: createDb(settings.TABLE_NAME, traced),
  sqs: traced(sqsClient()),
  queueUrl: required(settings, 'WEBHOOK_DELIVERY_QUEUE_URL'),
  deadLetterQueueUrl: settings.WEBHOOK_DELIVERY_DLQ_URL,
  policy: { allowLoopbackHttp: settings.WEBHOOK_ALLOW_LOOPBACK_HTTP },
  timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
  schedule: settings.WEBHOOK_RETRY_SCHEDULE,
  disableAfterSeconds: settings.WEBHOOK_DISABLE_AFTER_SECONDS,
};

export const handler = queueWorker(
  'webhook-delivery',
  { logLevel: settings.LOG_LEVEL, message: deliveryMessage, correlationOf: ({ event }) => event.correlation_id },
  async (message, { log, metrics, record }) => {
    const verdict = await deliverMessage({ ...deps, metrics }, message, record.receiptHandle);
    log.info('delivery handled', { event_id: message.event.id, webhook_id: message.webhook_id, verdict });
    return verdict;
  },
);
