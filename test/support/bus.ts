// Events as an EventBridge rule's SQS target hands them to a queue worker: an envelope per message.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { OutboxEvent } from '#shared/domain/events';

/** Runs `handler` on one batch of `events`; the message ids it reports failed (`m<index>`). */
export async function deliverFromBus(
  handler: (batch: SQSEvent) => Promise<SQSBatchResponse>,
  events: readonly OutboxEvent[],
): Promise<string[]> {
  const batch = {
    Records: events.map((event, index) => ({
      messageId: `m${index}`,
      body: JSON.stringify({ 'detail-type': event.type, detail: event }),
    })),
  } as unknown as SQSEvent;
  return (await handler(batch)).batchItemFailures.map((failure) => failure.itemIdentifier);
}
