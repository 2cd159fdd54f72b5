// Outbox: the event item that goes into the same transaction as the change it describes. The table
// stream carries it to the publisher (docs/events.md); nothing is published from the request path.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '#shared/domain/ids';
import { query, queryAll, type CorrelatedDb, type Db } from '#shared/data/table';
import {
  EVENT_PREFIX,
  eventKey,
  organizationPartition,
  unpublishedEventKeys,
  BY,
  indexQuery,
  UNPUBLISHED_EVENTS,
} from '#shared/data/keys';
import type { NewEvent, OutboxEvent } from '#shared/domain/events';

export const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** `more` goes beside `data.object` (a payment event carries `data.payment`). */
export function outboxPut(
  db: CorrelatedDb,
  organizationId: string,
  type: string,
  object: unknown,
  now = new Date(),
  more: Record<string, unknown> = {},
) {
  const cause = db.correlationId;
  const event: OutboxEvent = {
    id: newId('evt', now.getTime()),
    type,
    organization_id: organizationId,
    created_at: now.toISOString(),
    data: { object, ...more },
    actor: db.actor,
    ...(cause ? { correlation_id: cause } : {}),
  };
  return {
    Put: {
      TableName: db.table,
      Item: {
        ...eventKey(organizationId, event.id),
        type: 'event',
        event,
        ttl: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
        ...unpublishedEventKeys(organizationId, event),
      },
    },
  };
}

/** The outbox items of events an operation hands over, for the transaction of the change they describe. */
export const eventParts = (db: CorrelatedDb, organizationId: string, events: readonly NewEvent[], now = new Date()) =>
  events.map((event) => outboxPut(db, organizationId, event.type, event.object, now, event.more));

/** The organization's events, newest first, optionally of some kinds. */
export async function listEvents(
  db: Db,
  organizationId: string,
  options: { types?: string[]; limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: OutboxEvent[]; position?: Record<string, unknown> }> {
  const filtered = options.types && options.types.length > 0;
  const { Items = [], LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(filtered
      ? {
          FilterExpression: `#event.#type IN (${options.types!.map((_, index) => `:t${index}`).join(', ')})`,
          ExpressionAttributeNames: { '#event': 'event', '#type': 'type' },
        }
      : {}),
    ExpressionAttributeValues: {
      ':pk': organizationPartition(organizationId),
      ':prefix': EVENT_PREFIX,
      ...(filtered ? Object.fromEntries(options.types!.map((type, index) => [`:t${index}`, type])) : {}),
    },
    ScanIndexForward: false,
    Limit: options.limit,
    ExclusiveStartKey: options.startKey,
  });
  return { items: Items.map((item) => item.event as OutboxEvent), position: LastEvaluatedKey };
}

export async function getEvent(db: Db, organizationId: string, eventId: string): Promise<OutboxEvent | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: eventKey(organizationId, eventId) }),
  );
  return Item?.event as OutboxEvent | undefined;
}

/** A `ping` for one subscription: an outbox event like any other, addressed to that subscription only. */
export async function recordPing(
  db: CorrelatedDb,
  organizationId: string,
  webhookId: string,
  now = new Date(),
): Promise<OutboxEvent> {
  const put = outboxPut(db, organizationId, 'ping', { webhook_id: webhookId, message: 'This is a test event.' }, now);
  await db.client.send(new PutCommand(put.Put));
  return (put.Put.Item as { event: OutboxEvent }).event;
}

/** EventBridge accepted the event: it leaves the unpublished index. */
export async function markPublished(db: Db, event: OutboxEvent, now: Date): Promise<void> {
  const { partitionKey, sortKey } = BY.unpublishedEvents;
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: eventKey(event.organization_id, event.id),
      UpdateExpression: `SET published_at = :now REMOVE ${partitionKey}, ${sortKey}`,
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/** Events written more than `olderThanSeconds` ago and still unpublished (the sweeper's work). */
export async function unpublishedEvents(db: Db, olderThanSeconds: number, now = new Date()): Promise<OutboxEvent[]> {
  const before = new Date(now.getTime() - olderThanSeconds * 1000).toISOString();
  const items = await queryAll(db, indexQuery(BY.unpublishedEvents, UNPUBLISHED_EVENTS, { below: before }));
  return items.map((item) => item.event as OutboxEvent);
}
