// The customer repository: reading clients, and writing a new or changed one with its event (and its
// place among the clients of its name, by which a bank transfer's payer is found).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type CorrelatedDb, itemsWithIds, query, transact, type Db, type WritePart } from '#shared/data/table';
import { eventParts } from '#shared/data/events';
import { clientItem, clientOf } from '#shared/data/items';
import { CLIENT_PREFIX, clientKey, organizationPartition } from '#shared/data/keys';
import type { Client } from '#shared/domain/client';
import type { NewEvent } from '#shared/domain/events';
import type { Metadata } from '#shared/domain/metadata';
import { metadataIndexParts, pageWithMetadata } from '#shared/data/metadata-index';
import { clientNameParts } from '#shared/data/counterparties';

export async function getClient(db: Db, organizationId: string, clientId: string): Promise<Client | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: clientKey(organizationId, clientId) }),
  );
  return Item ? clientOf(Item) : undefined;
}

/** The clients with these ids (up to 100) that exist, in one BatchGetItem. */
export async function clientsWithIds(db: Db, organizationId: string, ids: readonly string[]): Promise<Client[]> {
  const items = await itemsWithIds(db, ids, (id) => clientKey(organizationId, id), { consistent: true });
  return items.map(clientOf);
}

export async function listClients(
  db: Db,
  organizationId: string,
  options: { limit: number; isActive?: boolean; metadata?: Metadata; startKey?: Record<string, unknown> },
): Promise<{ items: Client[]; position?: Record<string, unknown> }> {
  if (options.metadata && Object.keys(options.metadata).length > 0) {
    const list = { kind: 'client' as const, keyOf: (id: string) => clientKey(organizationId, id), decode: clientOf };
    const active = (client: Client) => options.isActive === undefined || client.is_active === options.isActive;
    return pageWithMetadata(db, organizationId, list, options.metadata, options, active);
  }
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

/** Writes a new client with its event. */
export async function saveNewClient(db: CorrelatedDb, organizationId: string, client: Client, event: NewEvent) {
  const written = await transact(db, {
    client: [
      {
        Put: {
          TableName: db.table,
          Item: clientItem(organizationId, client),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...metadataIndexParts(db, organizationId, 'client', client.id, {}, client.metadata),
      ...clientNameParts(db, organizationId, client.id, undefined, client.name),
    ],
    event: eventParts(db, organizationId, [event]),
  });
  if (!written.ok) throw new Error(`client ${client.id} exists already`);
}

/** Writes a changed client with its event, if it is still the version `before` was; false otherwise. */
export async function saveClientChange(
  db: CorrelatedDb,
  organizationId: string,
  client: Client,
  before: Client,
  event: NewEvent,
): Promise<boolean> {
  const written = await transact(db, {
    client: [
      {
        Put: {
          TableName: db.table,
          Item: clientItem(organizationId, client),
          ConditionExpression: 'version = :read',
          ExpressionAttributeValues: { ':read': before.version },
        },
      },
      ...metadataIndexParts(db, organizationId, 'client', client.id, before.metadata, client.metadata),
      ...clientNameParts(db, organizationId, client.id, before.name, client.name),
    ],
    event: eventParts(db, organizationId, [event]),
  });
  return written.ok;
}

/** For a transaction that bills a client: the client must still be active when it is written. */
export const clientStillActive = (db: Db, organizationId: string, clientId: string): WritePart => ({
  ConditionCheck: {
    TableName: db.table,
    Key: clientKey(organizationId, clientId),
    ConditionExpression: 'is_active = :true',
    ExpressionAttributeValues: { ':true': true },
  },
});
