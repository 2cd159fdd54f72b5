// Delivers queued webhooks; failures come back after the retry schedule's delay.
import { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { deliverMessage } from '#shared/webhooks/delivery-worker';
import type { DeliveryMessage } from '#shared/webhooks/fanout';

const settings = config();
if (!settings.WEBHOOK_DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: WEBHOOK_DELIVERY_QUEUE_URL: required');
const deps = {
  db: createDb(settings.TABLE_NAME), sqs: new SQSClient({ useQueueUrlAsEndpoint: false }), queueUrl: settings.WEBHOOK_DELIVERY_QUEUE_URL, deadLetterQueueUrl: settings.WEBHOOK_DELIVERY_DLQ_URL,
  policy: { allowLoopbackHttp: settings.WEBHOOK_ALLOW_LOOPBACK_HTTP }, timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
  schedule: settings.WEBHOOK_RETRY_SCHEDULE, disableAfterSeconds: settings.WEBHOOK_DISABLE_AFTER_SECONDS,
};

export const handler = async (batch: SQSEvent): Promise<SQSBatchResponse> => {
  const verdicts = await Promise.allSettled(batch.Records.map((record) => deliverMessage(deps, JSON.parse(record.body) as DeliveryMessage, record.receiptHandle)));
  return {
    batchItemFailures: batch.Records.flatMap((record, index) => {
      const verdict = verdicts[index]!;
      return verdict.status === 'rejected' || verdict.value === 'retry' ? [{ itemIdentifier: record.messageId }] : [];
    }),
  };
};
