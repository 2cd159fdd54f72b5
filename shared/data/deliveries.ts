// The delivery log: one item per (subscription, event), every attempt appended, kept 30 days.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { query, type Db } from '#shared/data/table';
import { deliveryOf } from '#shared/data/items';
import { deliveriesOf, deliveryKey } from '#shared/data/keys';
import type { Attempt, Delivery, DeliveryStatus } from '#shared/domain/delivery';

const RETENTION_SECONDS = 30 * 86_400;

export async function recordAttempt(
  db: Db,
  organizationId: string,
  webhookId: string,
  event: { id: string; type: string; correlation_id?: string },
  attempt: Attempt,
  status: DeliveryStatus,
  nextRetryAt?: string,
): Promise<Delivery> {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: deliveryKey(organizationId, webhookId, event.id),
      UpdateExpression:
        'SET #type = :type, id = :id, webhook_id = :webhook, event_id = :event, event_type = :kind, ' +
        '#status = :status, updated_at = :now, #ttl = :ttl, ' +
        'attempts = list_append(if_not_exists(attempts, :empty), :attempt), next_retry_at = :next, ' +
        'correlation_id = :correlation ADD attempt_count :one',
      ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':type': 'delivery',
        ':id': event.id,
        ':webhook': webhookId,
        ':event': event.id,
        ':kind': event.type,
        ':status': status,
        ':now': attempt.at,
        ':ttl': Math.floor(Date.parse(attempt.at) / 1000) + RETENTION_SECONDS,
        ':empty': [],
        ':attempt': [attempt],
        ':next': nextRetryAt ?? null,
        ':one': 1,
        ':correlation': event.correlation_id ?? null,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return deliveryOf(Attributes ?? {});
}

export async function listDeliveries(
  db: Db,
  organizationId: string,
  webhookId: string,
  limit: number,
  startKey?: Record<string, unknown>,
) {
  const { Items = [], LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': deliveriesOf(organizationId, webhookId) },
    ScanIndexForward: false,
    Limit: limit,
    ExclusiveStartKey: startKey,
  });
  return {
    items: Items.map(deliveryOf),
    position: LastEvaluatedKey,
  };
}

export async function getDelivery(
  db: Db,
  organizationId: string,
  webhookId: string,
  eventId: string,
): Promise<Delivery | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: deliveryKey(organizationId, webhookId, eventId) }),
  );
  return Item ? deliveryOf(Item) : undefined;
}

/** The delivery will be tried again at `at` (shown in the delivery log). */
export async function scheduleRetry(db: Db, organizationId: string, webhookId: string, eventId: string, at: Date) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: deliveryKey(organizationId, webhookId, eventId),
      UpdateExpression: 'SET next_retry_at = :next',
      ExpressionAttributeValues: { ':next': at.toISOString() },
    }),
  );
}

/** The retry schedule is spent: the delivery has failed for good. */
export async function markDeliveryFailed(db: Db, organizationId: string, webhookId: string, eventId: string) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: deliveryKey(organizationId, webhookId, eventId),
      UpdateExpression: 'SET #status = :failed REMOVE next_retry_at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed' },
    }),
  );
}
