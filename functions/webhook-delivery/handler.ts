// Delivers queued webhooks; failures come back after the retry schedule's delay. Each delivery is
// logged and counted under the correlation id of the request that caused its event.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqsClient } from '#shared/aws/sqs';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { withCorrelationId } from '#shared/observability/correlation';
import { createLogger } from '#shared/observability/logger';
import { createMetrics } from '#shared/observability/metrics';
import { deliverMessage } from '#shared/webhooks/delivery-worker';
import type { DeliveryMessage } from '#shared/webhooks/fanout';
import { traced } from '#shared/observability/tracing';

const settings = config();
if (!settings.WEBHOOK_DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: WEBHOOK_DELIVERY_QUEUE_URL: required');
const metrics = createMetrics();
const deps = {
  db: createDb(settings.TABLE_NAME, traced), sqs: traced(sqsClient()), queueUrl: settings.WEBHOOK_DELIVERY_QUEUE_URL, deadLetterQueueUrl: settings.WEBHOOK_DELIVERY_DLQ_URL,
  policy: { allowLoopbackHttp: settings.WEBHOOK_ALLOW_LOOPBACK_HTTP }, timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
  schedule: settings.WEBHOOK_RETRY_SCHEDULE, disableAfterSeconds: settings.WEBHOOK_DISABLE_AFTER_SECONDS, metrics,
};

const deliver = (body: string, receiptHandle: string) => {
  const message = JSON.parse(body) as DeliveryMessage;
  return withCorrelationId(message.event.correlation_id, async () => {
    const verdict = await deliverMessage(deps, message, receiptHandle);
    createLogger(settings.LOG_LEVEL, { worker: 'webhook-delivery', event_id: message.event.id, webhook_id: message.webhook_id }).info('delivery handled', { verdict });
    return verdict;
  });
};

export const handler = async (batch: SQSEvent): Promise<SQSBatchResponse> => {
  const verdicts = await Promise.allSettled(batch.Records.map((record) => deliver(record.body, record.receiptHandle)));
  metrics.publishStoredMetrics();
  return {
    batchItemFailures: batch.Records.flatMap((record, index) => {
      const verdict = verdicts[index]!;
      return verdict.status === 'rejected' || verdict.value === 'retry' ? [{ itemIdentifier: record.messageId }] : [];
    }),
  };
};
