// EventBridge (through its rule's SQS target) → one delivery message per interested subscription.
import { SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import type { OutboxEvent } from '#shared/data/events';
import { fanOut } from '#shared/webhooks/fanout';

const { TABLE_NAME, WEBHOOK_DELIVERY_QUEUE_URL } = config();
if (!WEBHOOK_DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: WEBHOOK_DELIVERY_QUEUE_URL: required');
const deps = { db: createDb(TABLE_NAME), sqs: new SQSClient({ useQueueUrlAsEndpoint: false }), deliveryQueueUrl: WEBHOOK_DELIVERY_QUEUE_URL };

export const handler = async (batch: SQSEvent): Promise<SQSBatchResponse> => {
  const results = await Promise.allSettled(batch.Records.map((record) => fanOut(deps, (JSON.parse(record.body) as { detail: OutboxEvent }).detail)));
  return { batchItemFailures: batch.Records.flatMap((record, index) => (results[index]!.status === 'rejected' ? [{ itemIdentifier: record.messageId }] : [])) };
};
