// EventBridge (through its rule's SQS target) → one delivery message per interested subscription.
// Every event passes here once as published, so this is where business events are counted.
import { sqsClient } from '#shared/aws/sqs';
import { config, required } from '#shared/config';
import { createDb } from '#shared/data/table';
import { COUNTED_EVENTS } from '#shared/observability/metrics';
import { traced } from '#shared/observability/tracing';
import { fanOut } from '#shared/webhooks/fanout';
import { busMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const settings = config();
const { TABLE_NAME, LOG_LEVEL } = settings;
const WEBHOOK_DELIVERY_QUEUE_URL = required(settings, 'WEBHOOK_DELIVERY_QUEUE_URL');
const deps = {
  db: createDb(TABLE_NAME, traced),
  sqs: traced(sqsClient()),
  deliveryQueueUrl: WEBHOOK_DELIVERY_QUEUE_URL,
};

export const handler = queueWorker(
  'webhook-fanout',
  { logLevel: LOG_LEVEL, message: busMessage, correlationOf: ({ detail }) => detail.correlation_id },
  async ({ detail: event }, { log, metrics }) => {
    const deliveries = await fanOut(deps, event);
    const counted = COUNTED_EVENTS[event.type];
    if (counted) metrics.count(counted);
    log.info('event fanned out', { event_id: event.id, event_type: event.type, deliveries });
  },
);
