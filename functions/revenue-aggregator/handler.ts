// EventBridge (invoice.sent, invoice.voided, payment.received, through the rule's SQS target) →
// the organization's monthly revenue aggregates, each event counted once.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import type { OutboxEvent } from '#shared/data/events';
import { createLogger } from '#shared/observability/logger';
import { revenueAggregator } from '#shared/reports/aggregator';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, LOG_LEVEL } = config();
const db = createDb(TABLE_NAME, traced);
const log = createLogger(LOG_LEVEL, { job: 'revenue-aggregator' });

export const handler = async (batch: SQSEvent): Promise<SQSBatchResponse> => {
  const aggregator = revenueAggregator(db);
  const failed: string[] = [];
  // One after another: events of one batch often touch the same month, and would only conflict.
  for (const record of batch.Records) {
    try {
      await aggregator.apply((JSON.parse(record.body) as { detail: OutboxEvent }).detail);
    } catch (error) {
      log.warn('could not apply an event to revenue; it will come back', { message_id: record.messageId, error: String(error) });
      failed.push(record.messageId);
    }
  }
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
};
