// Webhook subscriptions. Secrets are kept to sign deliveries (they cannot be hashed); a rotated-out
// secret keeps signing beside the new one for 24 hours so receivers can switch without a gap.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { eventParts } from '#shared/data/events';
import { newId } from '#shared/domain/ids';
import { prefixPage, query, transact, type CorrelatedDb, type Db, unlessConditionFailed } from '#shared/data/table';
import type { PageRequest } from '#shared/domain/pages';
import { webhookItem, webhookOf } from '#shared/data/items';
import { organizationPartition, WEBHOOK_PREFIX, webhookCountKey, webhookKey } from '#shared/data/keys';
import { generateWebhookSecret, type Webhook } from '#shared/domain/webhook';
import type { NewEvent } from '#shared/domain/events';

export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;
const ROTATION_OVERLAP_MS = 24 * 3600_000;

/** The secrets that sign a delivery now. */
export const signingSecrets = (webhook: Webhook, now = new Date()) =>
  webhook.secrets
    .filter((entry) => !entry.retires_at || Date.parse(entry.retires_at) > now.getTime())
    .map((entry) => entry.secret);

export async function listWebhooks(db: Db, organizationId: string): Promise<Webhook[]> {
  const { Items = [] } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(organizationId), ':prefix': WEBHOOK_PREFIX },
  });
  return Items.map(webhookOf);
}

/** A page of the subscriptions, oldest first. */
export const webhooksPage = (db: Db, organizationId: string, page: PageRequest) =>
  prefixPage(db, { pk: organizationPartition(organizationId), prefix: WEBHOOK_PREFIX }, page, webhookOf);

export class TooManyWebhooksError extends Error {}

/** Longer than any request runs: a count unchanged this long has no create in flight. */
const SETTLED_MS = 60_000;

/**
 * Takes one of the organization's subscription slots with one ADD, conditional on a free slot:
 * concurrent creates never retry against each other, and never pass the limit. A missing count
 * (subscriptions older than it) is set from the subscriptions themselves; so is a count a crashed
 * create left too high, once no create can still be in flight (the count unchanged for a while).
 */
async function takeSlot(db: Db, organizationId: string, now: Date): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await db.client.send(
        new UpdateCommand({
          TableName: db.table,
          Key: webhookCountKey(organizationId),
          UpdateExpression: 'ADD subscriptions :one SET changed_at = :now',
          ConditionExpression: 'subscriptions < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_WEBHOOKS_PER_ORGANIZATION, ':now': now.toISOString() },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const stored = error.Item ? unmarshall(error.Item) : undefined;
      const settled = !stored || Date.parse(String(stored.changed_at)) < now.getTime() - SETTLED_MS;
      if (!settled) return false;
      const actual = (await listWebhooks(db, organizationId)).length;
      if (stored && actual >= MAX_WEBHOOKS_PER_ORGANIZATION) return false;
      await correctCount(db, organizationId, stored?.subscriptions, actual, now);
    }
  }
  return false;
}

async function correctCount(db: Db, organizationId: string, counted: number | undefined, actual: number, now: Date) {
  await db.client
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: webhookCountKey(organizationId),
        UpdateExpression: 'SET #type = :type, subscriptions = :actual, changed_at = :now',
        ConditionExpression: counted === undefined ? 'attribute_not_exists(pk)' : 'subscriptions = :counted',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'webhook_count',
          ':actual': actual,
          ':now': now.toISOString(),
          ...(counted === undefined ? {} : { ':counted': counted }),
        },
      }),
    )
    // Somebody else corrected or moved it first: the next attempt reads it again.
    .catch(unlessConditionFailed);
}

async function freeSlot(db: Db, organizationId: string) {
  await db.client
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: webhookCountKey(organizationId),
        UpdateExpression: 'ADD subscriptions :minusOne',
        ConditionExpression: 'subscriptions > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    )
    .catch(unlessConditionFailed);
}

export async function createWebhook(
  db: CorrelatedDb,
  organizationId: string,
  input: { url: string; events: string[] },
  /** The event of its creation; tests that set up a subscription go without. */
  announce?: (webhook: Webhook) => NewEvent,
  now = new Date(),
): Promise<Webhook> {
  if (!(await takeSlot(db, organizationId, now))) throw new TooManyWebhooksError();
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
  try {
    const written = await transact(db, {
      webhook: {
        Put: { TableName: db.table, Item: webhookItem(webhook), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      event: announce && eventParts(db, organizationId, [announce(webhook)], now),
    });
    if (!written.ok) throw new Error(`webhook ${webhook.id} exists already`);
  } catch (error) {
    await freeSlot(db, organizationId);
    throw error;
  }
  return webhook;
}

export async function getWebhook(db: Db, organizationId: string, webhookId: string): Promise<Webhook | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: webhookKey(organizationId, webhookId) }),
  );
  return Item ? webhookOf(Item) : undefined;
}

/** A change someone made to a subscription, with its event, if it still exists; undefined when it does not. */
export async function saveChangedWebhook(
  db: CorrelatedDb,
  webhook: Webhook,
  announce: (saved: Webhook) => NewEvent,
  now = new Date(),
): Promise<Webhook | undefined> {
  const updated = { ...webhook, updated_at: now.toISOString() };
  const written = await transact(db, {
    webhook: {
      Put: { TableName: db.table, Item: webhookItem(updated), ConditionExpression: 'attribute_exists(pk)' },
    },
    event: eventParts(db, webhook.organization_id, [announce(updated)], now),
  });
  return written.ok ? updated : undefined;
}

/** Rewrites a subscription if it still exists (the delivery worker's bookkeeping); undefined when it does not. */
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

/** Deletes a subscription with its event; false when it did not exist. */
export async function deleteWebhook(db: CorrelatedDb, webhook: Webhook, event: NewEvent): Promise<boolean> {
  const written = await transact(db, {
    webhook: {
      Delete: {
        TableName: db.table,
        Key: webhookKey(webhook.organization_id, webhook.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    event: eventParts(db, webhook.organization_id, [event]),
  });
  if (!written.ok) return false;
  await freeSlot(db, webhook.organization_id);
  return true;
}

/** Writes a subscription the service gave up on with its `webhook.disabled` event; deleted meanwhile, nothing. */
export async function saveDisabledWebhook(db: CorrelatedDb, disabled: Webhook, event: NewEvent): Promise<void> {
  await transact(db, {
    webhook: { Put: { TableName: db.table, Item: webhookItem(disabled), ConditionExpression: 'attribute_exists(pk)' } },
    event: eventParts(db, disabled.organization_id, [event]),
  });
}
