// Outbox → EventBridge. An event is marked published only after EventBridge accepted it; one that
// is not (a failed call, a crash) keeps its unpublished index entry and is picked up again by the
// stream's retry or, past the stream's 24 h retention, by the outbox sweeper.
import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { queueBody } from '#shared/aws/queue-body';
import type { Db } from '#shared/data/table';
import { markPublished } from '#shared/data/events';
import type { OutboxEvent } from '#shared/domain/events';

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
        await markPublished(deps.db, event, now);
      }),
    );
  }
  return failed;
}
