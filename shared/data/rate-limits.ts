// Window counters in the table, so limits hold across Lambda instances (the sliding count they make
// is in shared/domain/rate-window). Each window's item expires by TTL once the next one has ended.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/data/table';
import { rateLimitKey } from '#shared/data/keys';
import { type Limit, type WindowCounts, windowAt } from '#shared/domain/rate-window';

/** Counts one attempt and answers what this window and the one before it hold now. */
export async function countAttempt(db: Db, limit: Limit, subject: string, now = new Date()): Promise<WindowCounts> {
  const { window } = windowAt(limit, now);
  const [{ Attributes }, { Item }] = await Promise.all([
    db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: rateLimitKey(limit.scope, subject, window),
        UpdateExpression: 'ADD hits :one SET #ttl = if_not_exists(#ttl, :ttl), #type = :type',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 2) * limit.windowSeconds, ':type': 'rate_window' },
        ReturnValues: 'UPDATED_NEW',
      }),
    ),
    // Eventually consistent is enough: the previous window is closed, nobody adds to it any more.
    db.client.send(
      new GetCommand({
        TableName: db.table,
        Key: rateLimitKey(limit.scope, subject, window - 1),
        ProjectionExpression: 'hits',
      }),
    ),
  ]);
  return { current: Number(Attributes?.hits ?? 1), previous: Number(Item?.hits ?? 0) };
}
