// Fixed-window counters in the table, so limits hold across Lambda instances. Each window's item
// expires by TTL shortly after the window ends.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/data/table';
import { rateLimitKey } from '#shared/data/keys';

export type Limit = { scope: string; max: number; windowSeconds: number };

export type Count = { count: number; retryAfterSeconds: number };

const windowOf = (limit: Limit, now: Date) => {
  const seconds = Math.floor(now.getTime() / 1000);
  const window = Math.floor(seconds / limit.windowSeconds);
  return { window, retryAfterSeconds: (window + 1) * limit.windowSeconds - seconds };
};

/** Counts one attempt and answers how many this window holds now. */
export async function countAttempt(db: Db, limit: Limit, subject: string, now = new Date()): Promise<Count> {
  const { window, retryAfterSeconds } = windowOf(limit, now);
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: rateLimitKey(limit.scope, subject, window),
      UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl), #type = :type',
      ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 2) * limit.windowSeconds, ':type': 'rate_window' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { count: Number(Attributes?.hits ?? 1), retryAfterSeconds };
}
