// Outbox → EventBridge. An event is marked published only after EventBridge accepted it; one that
// is not (a failed call, a crash) keeps its unpublished index entry and is picked up again by the
// stream's retry or, past the stream's 24 h retention, by the outbox sweeper.
import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queueBody } from '#shared/aws/queue-body';
import type { Db } from '#shared/data/client';
import type { OutboxEvent } from '#shared/data/events';
import { eventKey, UNPUBLISHED_EVENTS } from '#shared/data/keys';
import { INDEX } from '#shared/data/table-definition';

export const EVENT_SOURCE = 'invoicing.service';

export type PublishDeps = { db: Db; bus: EventBridgeClient; busName: string };

/** Publishes events (in batches of 10, EventBridge's limit); answers the ids that failed. */
export async function publishEvents(deps: PublishDeps, events: OutboxEvent[], now = new Date()): Promise<string[]> {
  const failed: string[] = [];
  for (let start = 0; start < events.length; start += 10) {
    const batch = events.slice(start, start + 10);
    let results: { ErrorCode?: string }[];
    try {
      results =
        (
          await deps.bus.send(
            new PutEventsCommand({
              Entries: batch.map((event) => ({
                EventBusName: deps.busName,
                Source: EVENT_SOURCE,
                DetailType: event.type,
                Detail: queueBody(event),
                Time: new Date(event.created_at),
              })),
            }),
          )
        ).Entries ?? [];
    } catch {
      failed.push(...batch.map((event) => event.id));
      continue;
    }
    await Promise.all(
      batch.map(async (event, index) => {
        if (results[index]?.ErrorCode) return failed.push(event.id);
        await deps.db.client.send(
          new UpdateCommand({
            TableName: deps.db.table,
            Key: eventKey(event.organization_id, event.id),
            UpdateExpression: 'SET published_at = :now REMOVE gsi4pk, gsi4sk',
            ExpressionAttributeValues: { ':now': now.toISOString() },
          }),
        );
      }),
    );
  }
  return failed;
}

/** Events written more than `olderThanSeconds` ago and still unpublished (the sweeper's work). */
export async function unpublishedEvents(db: Db, olderThanSeconds: number, now = new Date()): Promise<OutboxEvent[]> {
  const before = new Date(now.getTime() - olderThanSeconds * 1000).toISOString();
  const events: OutboxEvent[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.table,
        IndexName: INDEX.byDueDate,
        KeyConditionExpression: 'gsi4pk = :unpublished AND gsi4sk < :before',
        ExpressionAttributeValues: { ':unpublished': UNPUBLISHED_EVENTS, ':before': before },
        ExclusiveStartKey: startKey,
      }),
    );
    events.push(...(page.Items ?? []).map((item) => item.event as OutboxEvent));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return events;
}
