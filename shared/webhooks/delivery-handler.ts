// What the delivery worker does with one queued delivery: attempt it, log the attempt, and decide —
// done, try again later (the message becomes visible again after the schedule's delay), or give
// up (failed delivery, message to the dead-letter queue, and the subscription disabled once it has
// failed everything for long enough). A 410 disables the subscription at once.
import { systemActor } from '#shared/domain/actor';
import { ChangeMessageVisibilityCommand, SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueBody } from '#shared/aws/queue-body';
import { correlated, type Db } from '#shared/data/table';
import { markDeliveryFailed, recordAttempt, scheduleRetry } from '#shared/data/deliveries';
import { getWebhook, saveDisabledWebhook, saveWebhook, signingSecrets } from '#shared/data/webhooks';
import { attemptDelivery } from '#shared/webhooks/deliver';
import type { DestinationPolicy, Lookup } from '#shared/webhooks/destination';
import type { DeliveryMessage } from '#shared/webhooks/fanout';
import type { Counter } from '#shared/observability/metrics';
import { eventResource } from '#shared/domain/resources/event';
import { webhookResource } from '#shared/domain/resources/webhook';
import type { Webhook } from '#shared/domain/webhook';
import type { CorrelatedDb } from '#shared/data/table';
import { nextRetryDelay } from '#shared/domain/retry-schedule';
import type { Attempt } from '#shared/domain/delivery';

export type DeliveryDeps = {
  db: Db;
  sqs: SQSClient;
  queueUrl: string;
  deadLetterQueueUrl?: string;
  policy: DestinationPolicy;
  timeoutMs: number;
  schedule: readonly number[];
  disableAfterSeconds: number;
  lookup?: Lookup;
  now?: () => Date;
  /** Counts delivered and failed attempts and dead-lettered deliveries. */
  metrics?: Counter;
};

export type Verdict = 'done' | 'retry';

const skipped = (at: string, error: string): Attempt => ({ at, outcome: 'refused', duration_ms: 0, error });

export async function deliverMessage(
  deps: DeliveryDeps,
  message: DeliveryMessage,
  receiptHandle: string,
): Promise<Verdict> {
  const now = deps.now ?? (() => new Date());
  const { organization_id: organizationId, webhook_id: webhookId, event } = message;
  // Disabling the subscription is an event of its own, caused by the request that caused this one.
  const causedDb = correlated(deps.db, event.correlation_id, systemActor('webhook-delivery'));
  const webhook = await getWebhook(deps.db, organizationId, webhookId);
  if (!webhook || webhook.status !== 'enabled') {
    await recordAttempt(
      deps.db,
      organizationId,
      webhookId,
      event,
      skipped(now().toISOString(), 'subscription deleted or disabled'),
      'skipped',
    );
    return 'done';
  }

  const attempt = await attemptDelivery({
    url: webhook.url,
    secrets: signingSecrets(webhook, now()),
    messageId: event.id,
    body: JSON.stringify(eventResource(event)),
    policy: deps.policy,
    timeoutMs: deps.timeoutMs,
    lookup: deps.lookup,
    now,
  });

  deps.metrics?.count(attempt.outcome === 'delivered' ? 'WebhookDeliveriesSucceeded' : 'WebhookDeliveriesFailed');
  if (attempt.outcome === 'delivered') {
    await recordAttempt(deps.db, organizationId, webhookId, event, attempt, 'delivered');
    if (webhook.failing_since) await saveWebhook(deps.db, { ...webhook, failing_since: undefined });
    return 'done';
  }
  if (attempt.outcome === 'gone' || attempt.outcome === 'refused') {
    await recordAttempt(deps.db, organizationId, webhookId, event, attempt, 'failed');
    if (attempt.outcome === 'gone') await disableWebhook(causedDb, webhook, 'the receiver answered 410 Gone');
    return 'done';
  }

  const delivery = await recordAttempt(deps.db, organizationId, webhookId, event, attempt, 'retrying');
  const delay = nextRetryDelay(delivery.attempt_count, deps.schedule, attempt.retry_after_seconds);
  if (delay !== undefined) {
    await scheduleRetry(deps.db, organizationId, webhookId, event.id, new Date(now().getTime() + delay * 1000));
    await deps.sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: deps.queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: delay,
      }),
    );
    return 'retry';
  }

  await markDeliveryFailed(deps.db, organizationId, webhookId, event.id);
  if (deps.deadLetterQueueUrl) {
    await deps.sqs.send(new SendMessageCommand({ QueueUrl: deps.deadLetterQueueUrl, MessageBody: queueBody(message) }));
    deps.metrics?.count('DeadLetteredMessages');
  }
  const failingSince = webhook.failing_since ?? delivery.attempts[0]?.at ?? now().toISOString();
  if (now().getTime() - Date.parse(failingSince) >= deps.disableAfterSeconds * 1000) {
    await disableWebhook(
      causedDb,
      { ...webhook, failing_since: failingSince },
      `every delivery failed for ${deps.disableAfterSeconds} seconds`,
    );
  } else if (!webhook.failing_since) {
    await saveWebhook(deps.db, { ...webhook, failing_since: failingSince });
  }
  return 'done';
}

/** Disables a subscription the service gave up on, with its `webhook.disabled` event. */
async function disableWebhook(db: CorrelatedDb, webhook: Webhook, reason: string, now = new Date()): Promise<void> {
  const disabled: Webhook = { ...webhook, status: 'disabled', disabled_reason: reason, updated_at: now.toISOString() };
  await saveDisabledWebhook(db, disabled, { type: 'webhook.disabled', object: webhookResource(disabled) });
}
