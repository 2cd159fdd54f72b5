// EventBridge event → one delivery message per enabled subscription that wants its kind.
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueBody } from '#shared/aws/queue-body';
import type { Db } from '#shared/data/table';
import { listWebhooks } from '#shared/data/webhooks';
import { type OutboxEvent, subscribedTo } from '#shared/domain/events';
import type { Webhook } from '#shared/domain/webhook';

export type DeliveryMessage = { organization_id: string; webhook_id: string; event: OutboxEvent };

export async function fanOut(
  deps: { db: Db; sqs: SQSClient; deliveryQueueUrl: string },
  event: OutboxEvent,
): Promise<number> {
  // A ping is addressed to the one subscription that asked for it; everything else to whoever subscribed.
  const wants =
    event.type === 'ping'
      ? (webhook: Webhook) => webhook.id === (event.data.object as { webhook_id?: string }).webhook_id
      : (webhook: Webhook) => subscribedTo(webhook.events, event.type);
  const targets = (await listWebhooks(deps.db, event.organization_id)).filter(
    (webhook) => webhook.status === 'enabled' && wants(webhook),
  );
  for (let start = 0; start < targets.length; start += 10) {
    const batch = targets.slice(start, start + 10);
    const { Failed = [] } = await deps.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: deps.deliveryQueueUrl,
        Entries: batch.map((webhook, index) => ({
          Id: String(index),
          MessageBody: queueBody({
            organization_id: event.organization_id,
            webhook_id: webhook.id,
            event,
          } satisfies DeliveryMessage),
        })),
      }),
    );
    if (Failed.length > 0) throw new Error(`could not queue ${Failed.length} deliveries of ${event.id}`);
  }
  return targets.length;
}
