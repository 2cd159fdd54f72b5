// Webhook subscriptions. Secrets are kept to sign deliveries (they cannot be hashed); a rotated-out
// secret keeps signing beside the new one for 24 hours so receivers can switch without a gap.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { outboxPut } from '#shared/data/events';
import { newId } from '#shared/domain/ids';
import type { Db } from '#shared/data/client';
import { webhookItem, webhookOf } from '#shared/data/items';
import { organizationPartition, WEBHOOK_PREFIX, webhookKey } from '#shared/data/keys';
import { generateWebhookSecret, type Webhook } from '#shared/domain/webhook';

export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;
const ROTATION_OVERLAP_MS = 24 * 3600_000;

/** The secrets that sign a delivery now. */
export const signingSecrets = (webhook: Webhook, now = new Date()) =>
  webhook.secrets
    .filter((entry) => !entry.retires_at || Date.parse(entry.retires_at) > now.getTime())
    .map((entry) => entry.secret);

export async function listWebhooks(db: Db, organizationId: string): Promise<Webhook[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': organizationPartition(organizationId), ':prefix': WEBHOOK_PREFIX },
    }),
  );
  return Items.map(webhookOf);
}

export class TooManyWebhooks extends Error {}

export async function createWebhook(
  db: Db,
  organizationId: string,
  input: { url: string; events: string[] },
  now = new Date(),
): Promise<Webhook> {
  if ((await listWebhooks(db, organizationId)).length >= MAX_WEBHOOKS_PER_ORGANIZATION) throw new TooManyWebhooks();
  const webhook: Webhook = {
    id: newId('whk', now.getTime()),
    organization_id: organizationId,
    url: input.url,
    events: input.events,
    status: 'enabled',
    secrets: [{ secret: generateWebhookSecret() }],
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: webhookItem(webhook),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return webhook;
}

export async function getWebhook(db: Db, organizationId: string, webhookId: string): Promise<Webhook | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: webhookKey(organizationId, webhookId) }),
  );
  return Item ? webhookOf(Item) : undefined;
}

/** Rewrites a subscription if it still exists; undefined when it does not. */
export async function saveWebhook(db: Db, webhook: Webhook, now = new Date()): Promise<Webhook | undefined> {
  const updated = { ...webhook, updated_at: now.toISOString() };
  try {
    await db.client.send(
      new PutCommand({ TableName: db.table, Item: webhookItem(updated), ConditionExpression: 'attribute_exists(pk)' }),
    );
    return updated;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export function rotateSecret(webhook: Webhook, now = new Date()): Webhook {
  const retiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
  const kept = webhook.secrets
    .filter((entry) => !entry.retires_at || Date.parse(entry.retires_at) > now.getTime())
    .map((entry) => ({ secret: entry.secret, retires_at: entry.retires_at ?? retiresAt }));
  return { ...webhook, secrets: [{ secret: generateWebhookSecret() }, ...kept] };
}

export async function deleteWebhook(db: Db, organizationId: string, webhookId: string): Promise<boolean> {
  try {
    await db.client.send(
      new DeleteCommand({
        TableName: db.table,
        Key: webhookKey(organizationId, webhookId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

const webhookResourceOf = (webhook: Webhook) => ({
  id: webhook.id,
  url: webhook.url,
  events: webhook.events,
  status: webhook.status,
  disabled_reason: webhook.disabled_reason ?? null,
});

/** Disables a subscription the service gave up on, with its `webhook.disabled` event. */
export async function disableWebhook(db: Db, webhook: Webhook, reason: string, now = new Date()): Promise<void> {
  const disabled: Webhook = { ...webhook, status: 'disabled', disabled_reason: reason, updated_at: now.toISOString() };
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: db.table, Item: webhookItem(disabled), ConditionExpression: 'attribute_exists(pk)' } },
          outboxPut(db.table, webhook.organization_id, 'webhook.disabled', webhookResourceOf(disabled), now),
        ],
      }),
    );
  } catch (error) {
    // Deleted meanwhile: nothing left to disable.
    if (!(error instanceof TransactionCanceledException)) throw error;
  }
}
