// Reading clients: one by id, a page of them. Changing them is in client-changes.ts, which carries the
// tax-number checks (and their VAT tables) that routes only reading clients do not need.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { query, type Db } from '#shared/data/table';
import { clientOf } from '#shared/data/items';
import { CLIENT_PREFIX, clientKey, organizationPartition } from '#shared/data/keys';
import type { Client } from '#shared/domain/client';

export async function getClient(db: Db, organizationId: string, clientId: string): Promise<Client | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: clientKey(organizationId, clientId) }),
  );
  return Item ? clientOf(Item) : undefined;
}

export async function listClients(
  db: Db,
  organizationId: string,
  options: { limit: number; isActive?: boolean; startKey?: Record<string, unknown> },
): Promise<{ items: Client[]; position?: Record<string, unknown> }> {
  const { Items = [], LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ...(options.isActive === undefined ? {} : { FilterExpression: 'is_active = :active' }),
    ExpressionAttributeValues: {
      ':pk': organizationPartition(organizationId),
      ':prefix': CLIENT_PREFIX,
      ...(options.isActive === undefined ? {} : { ':active': options.isActive }),
    },
    Limit: options.limit,
    ExclusiveStartKey: options.startKey,
  });
  return { items: Items.map(clientOf), position: LastEvaluatedKey };
}
