// EventBridge (through its rule's SQS target) → one delivery message per interested subscription.
// Every event passes here once as published, so this is where business events are counted.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqsClient } from '#shared/aws/sqs';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import type { OutboxEvent } from '#shared/data/events';
import { withCorrelationId } from '#shared/observability/correlation';
import { createLogger } from '#shared/observability/logger';
import { COUNTED_EVENTS, createMetrics } from '#shared/observability/metrics';
import { fanOut } from '#shared/webhooks/fanout';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, WEBHOOK_DELIVERY_QUEUE_URL, LOG_LEVEL } = config();
if (!WEBHOOK_DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: WEBHOOK_DELIVERY_QUEUE_URL: required');
const deps = { db: createDb(TABLE_NAME, traced), sqs: traced(sqsClient()), deliveryQueueUrl: WEBHOOK_DELIVERY_QUEUE_URL };
const metrics = createMetrics();

const handle = (event: OutboxEvent) => withCorrelationId(event.correlation_id, async () => {
  const deliveries = await fanOut(deps, event);
  const counted = COUNTED_EVENTS[event.type];
  if (counted) metrics.count(counted);
  createLogger(LOG_LEVEL, { worker: 'webhook-fanout', event_id: event.id, event_type: event.type }).info('event fanned out', { deliveries });
});

export const handler = async (batch: SQSEvent): Promise<SQSBatchResponse> => {
  const results = await Promise.allSettled(batch.Records.map((record) => handle((JSON.parse(record.body) as { detail: OutboxEvent }).detail)));
  metrics.publishStoredMetrics();
  return { batchItemFailures: batch.Records.flatMap((record, index) => (results[index]!.status === 'rejected' ? [{ itemIdentifier: record.messageId }] : [])) };
};
