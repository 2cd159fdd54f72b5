// Refresh tokens: opaque, 256 random bits, stored as SHA-256 only. They do not rotate (spec: the
// refresh token stays valid and unchanged), so each has an idle timeout and an absolute expiry,
// and is revoked by logout, by removal of the membership and by disabling the user.
import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { query, type Db } from '#shared/data/table';
import { BY, indexQuery, refreshTokenIndexKeys, refreshTokenKey, refreshTokensOfUser } from '#shared/data/keys';

export const REFRESH_TOKEN_PREFIX = 'inv_rt_';

export type RefreshSession = {
  user_id: string;
  organization_id: string;
  created_at: string;
  /** Epoch seconds. */
  idle_expires_at: number;
  expires_at: number;
};

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueRefreshToken(
  db: Db,
  session: { userId: string; organizationId: string },
  lifetimes: { idleSeconds: number; maxSeconds: number },
  now = new Date(),
): Promise<string> {
  const token = `${REFRESH_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const hash = hashRefreshToken(token);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const item: RefreshSession = {
    user_id: session.userId,
    organization_id: session.organizationId,
    created_at: now.toISOString(),
    idle_expires_at: Math.min(nowSeconds + lifetimes.idleSeconds, nowSeconds + lifetimes.maxSeconds),
    expires_at: nowSeconds + lifetimes.maxSeconds,
  };
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...refreshTokenKey(hash),
        type: 'refresh_token',
        ...refreshTokenIndexKeys(session.userId, item.created_at, hash),
        ...item,
        ttl: item.expires_at,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/**
 * The live session of a refresh token, with its idle timer restarted; undefined when the token is
 * unknown, revoked or expired by either limit.
 */
export async function useRefreshToken(
  db: Db,
  token: string,
  idleSeconds: number,
  now = new Date(),
): Promise<RefreshSession | undefined> {
  if (!token.startsWith(REFRESH_TOKEN_PREFIX) || token.length > 100) return undefined;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: refreshTokenKey(hashRefreshToken(token)),
        UpdateExpression: 'SET idle_expires_at = :idle, last_used_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND idle_expires_at > :nowSeconds AND expires_at > :nowSeconds',
        ExpressionAttributeValues: {
          ':nowSeconds': nowSeconds,
          ':now': now.toISOString(),
          ':idle': nowSeconds + idleSeconds,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const session = Attributes as RefreshSession;
    // The idle window never reaches past the absolute expiry.
    return { ...session, idle_expires_at: Math.min(session.idle_expires_at, session.expires_at) };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  await db.client.send(new DeleteCommand({ TableName: db.table, Key: refreshTokenKey(hashRefreshToken(token)) }));
}

/** Revokes every refresh token of a user, or only those bound to one organization. */
export async function revokeRefreshTokensOfUser(db: Db, userId: string, organizationId?: string): Promise<number> {
  const { Items = [] } = await query(db, {
    ...indexQuery(BY.refreshTokensOfUser, refreshTokensOfUser(userId)),
  });
  const doomed = Items.filter((item) => !organizationId || item.organization_id === organizationId);
  for (let start = 0; start < doomed.length; start += 25) {
    await db.client.send(
      new BatchWriteCommand({
        RequestItems: {
          [db.table]: doomed
            .slice(start, start + 25)
            .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })),
        },
      }),
    );
  }
  return doomed.length;
}
