// EventBridge (invoice.sent, invoice.voided, payment.received, through the rule's SQS target) →
// the organization's monthly revenue aggregates, each event counted once.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { traced } from '#shared/observability/tracing';
import { revenueAggregator } from '#shared/reports/aggregator';
import { busMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const { TABLE_NAME, LOG_LEVEL } = config();
const db = createDb(TABLE_NAME, traced);
// One aggregator per batch: it remembers organizations' time zones for that batch only.
const aggregators = new WeakMap<object, ReturnType<typeof revenueAggregator>>();

// In order: events of one batch often touch the same month, and would only conflict.
export const handler = queueWorker(
  'revenue-aggregator',
  { logLevel: LOG_LEVEL, message: busMessage, correlationOf: ({ detail }) => detail.correlation_id, inOrder: true },
  async ({ detail: event }, { log, batch }) => {
    if (!aggregators.has(batch)) aggregators.set(batch, revenueAggregator(db));
    log.info('revenue event applied', { event_id: event.id, outcome: await aggregators.get(batch)!.apply(event) });
  },
);
