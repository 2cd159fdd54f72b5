// The audit log's storage (docs/data-model.md "Audit log"): the head (the last entry's place, hash and
// time), the entries under ORG#<id> sorted by time and place, and a marker per event chained, so an
// event delivered twice is chained once. An entry is appended with its marker, conditional on the head
// being the one read: two appenders of one organization never take the same place.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AUDIT_PREFIX, auditedEventKey, auditEntryKey, auditHeadKey, auditRange } from '#shared/data/keys';
import { query, transact, type Db } from '#shared/data/table';
import type { AuditEntry } from '#shared/domain/audit';

export type AuditHead = { seq: number; hash: string; at: string };

export async function getAuditHead(db: Db, organizationId: string): Promise<AuditHead | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: auditHeadKey(organizationId), ConsistentRead: true }),
  );
  return Item ? { seq: Number(Item.seq), hash: String(Item.hash), at: String(Item.at) } : undefined;
}

/** `appended`, or what stopped it: the event is chained already, or another entry took the place. */
export async function appendAuditEntry(
  db: Db,
  organizationId: string,
  entry: AuditEntry,
  expiresAt: number,
): Promise<'appended' | 'chained_already' | 'place_taken'> {
  const head = { seq: entry.seq, hash: entry.hash, at: entry.at };
  const written = await transact(db, {
    marker: {
      Put: {
        TableName: db.table,
        Item: {
          ...auditedEventKey(organizationId, entry.event_id),
          type: 'audited_event',
          seq: entry.seq,
          ttl: expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    head: {
      Put: {
        TableName: db.table,
        Item: { ...auditHeadKey(organizationId), type: 'audit_head', ...head, ttl: expiresAt },
        ConditionExpression: entry.seq === 1 ? 'attribute_not_exists(pk)' : 'seq = :previous',
        ...(entry.seq === 1 ? {} : { ExpressionAttributeValues: { ':previous': entry.seq - 1 } }),
      },
    },
    entry: {
      Put: {
        TableName: db.table,
        Item: { ...auditEntryKey(organizationId, entry.at, entry.seq), type: 'audit_entry', ...entry, ttl: expiresAt },
      },
    },
  });
  if (written.ok) return 'appended';
  return written.everyFailed.includes('marker') ? 'chained_already' : 'place_taken';
}

const entryOf = (item: Record<string, unknown>): AuditEntry => {
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...entry } = item;
  return entry as AuditEntry;
};

export type AuditFilter = { from: string; to: string; actor?: string; resource?: string; action?: string };

/** One page of entries between two times, oldest first; actor, resource and action filter each page as read. */
export async function listAuditEntries(
  db: Db,
  organizationId: string,
  filter: AuditFilter,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: AuditEntry[]; position?: Record<string, unknown> }> {
  const conditions = [
    ...(filter.actor ? ['actor.id = :actor'] : []),
    ...(filter.resource ? ['#resource.id = :resource'] : []),
    ...(filter.action ? ['#action = :action'] : []),
  ];
  const { Items, LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
    ...(filter.resource || filter.action
      ? {
          ExpressionAttributeNames: {
            ...(filter.resource ? { '#resource': 'resource' } : {}),
            ...(filter.action ? { '#action': 'action' } : {}),
          },
        }
      : {}),
    ExpressionAttributeValues: {
      ...auditRange(organizationId, filter.from, filter.to),
      ...(filter.actor ? { ':actor': filter.actor } : {}),
      ...(filter.resource ? { ':resource': filter.resource } : {}),
      ...(filter.action ? { ':action': filter.action } : {}),
    },
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { items: Items.map(entryOf), position: LastEvaluatedKey };
}

/** Every entry of the organization in chain order, page after page (the chain's check reads them all). */
export async function* eachAuditEntry(db: Db, organizationId: string): AsyncGenerator<AuditEntry> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await query(db, {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': auditHeadKey(organizationId).pk, ':prefix': AUDIT_PREFIX },
      ConsistentRead: true,
      ExclusiveStartKey: startKey,
    });
    for (const item of page.Items) yield entryOf(item);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
