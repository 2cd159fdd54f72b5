// Idempotency records: the first request with a key claims it, later ones with the same body get
// the stored answer, and a different body (or a request still in flight) is a conflict.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type Db, unlessConditionFailed } from '#shared/data/table';
import { idempotencyKey } from '#shared/data/keys';

export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;
/** A claim whose request crashed may be taken over after this long. */
const CLAIM_LEASE_SECONDS = 60;

export type StoredReply = { status: number; body?: unknown; headers?: Record<string, string> };

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; reply: StoredReply }
  | { outcome: 'conflict'; reason: 'different_request' | 'in_progress' };

export async function claimIdempotencyKey(
  db: Db,
  organizationId: string,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<Claim> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    await db.client.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          ...idempotencyKey(organizationId, key),
          type: 'idempotency',
          state: 'in_progress',
          fingerprint,
          lease_until: nowSeconds + CLAIM_LEASE_SECONDS,
          ttl: nowSeconds + IDEMPOTENCY_WINDOW_SECONDS,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR #ttl < :now OR ' +
          '(#state = :inProgress AND lease_until < :now AND fingerprint = :fingerprint)',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#state': 'state' },
        ExpressionAttributeValues: { ':now': nowSeconds, ':inProgress': 'in_progress', ':fingerprint': fingerprint },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { outcome: 'claimed' };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException) || !error.Item) throw error;
    const existing = unmarshall(error.Item);
    if (existing.fingerprint !== fingerprint) return { outcome: 'conflict', reason: 'different_request' };
    if (existing.state !== 'completed') return { outcome: 'conflict', reason: 'in_progress' };
    return { outcome: 'replay', reply: existing.reply as StoredReply };
  }
}

export async function completeIdempotencyKey(
  db: Db,
  organizationId: string,
  key: string,
  reply: StoredReply,
): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: idempotencyKey(organizationId, key),
      UpdateExpression: 'SET #state = :completed, reply = :reply REMOVE lease_until',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':completed': 'completed', ':reply': reply },
    }),
  );
}

/** Frees a claim whose request failed, so the caller can correct it and retry with the same key. */
export async function releaseIdempotencyKey(db: Db, organizationId: string, key: string): Promise<void> {
  await db.client
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: idempotencyKey(organizationId, key),
        ConditionExpression: '#state = :inProgress',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'in_progress' },
      }),
    )
    .catch(unlessConditionFailed);
}
