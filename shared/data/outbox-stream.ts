// The outbox events in the table's stream: new event items that are not yet published. The stream
// carries raw attribute values (NEW_IMAGE); only this module knows how an event item looks.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { OutboxEvent } from '#shared/domain/events';

export function outboxEventOf(record: DynamoDBRecord): OutboxEvent | undefined {
  const image = record.dynamodb?.NewImage;
  if (!image) return undefined;
  const item = unmarshall(image as Record<string, AttributeValue>);
  return item.type === 'event' && !item.published_at ? (item.event as OutboxEvent) : undefined;
}
