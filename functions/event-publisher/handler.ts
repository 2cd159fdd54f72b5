// The table's stream, filtered to outbox event items, onto the EventBridge bus.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeClient } from '#shared/aws/event-bridge';
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import type { OutboxEvent } from '#shared/data/events';
import { publishEvents } from '#shared/webhooks/publish';
import { traced } from '#shared/observability/tracing';

const { TABLE_NAME, EVENT_BUS_NAME } = config();
const deps = { db: createDb(TABLE_NAME, traced), bus: traced(eventBridgeClient()), busName: EVENT_BUS_NAME };

export const handler = async (stream: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const records = stream.Records.flatMap((record) => {
    const image = record.dynamodb?.NewImage
      ? unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>)
      : undefined;
    return image?.type === 'event' && !image.published_at
      ? [{ sequence: record.dynamodb!.SequenceNumber!, event: image.event as OutboxEvent }]
      : [];
  });
  const failed = new Set(
    await publishEvents(
      deps,
      records.map((record) => record.event),
    ),
  );
  // Stream batches are ordered: report the first failure; Lambda retries from there.
  const first = records.find((record) => failed.has(record.event.id));
  return { batchItemFailures: first ? [{ itemIdentifier: first.sequence }] : [] };
};
