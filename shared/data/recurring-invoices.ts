// Recurring invoice templates. While active a template carries the sharded "due" index key of its
// next run; generating period k is one transaction with the invoice (see createInvoice's origin),
// conditional on the template still expecting period k — so no period is generated twice.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import type { NewEvent } from '#shared/domain/events';
import { itemsWithIds, prefixPage, queryAll, transact, type CorrelatedDb, type Db } from '#shared/data/table';
import type { PageRequest } from '#shared/domain/pages';
import { ofType, organizationOf, recurringItem, recurringOf } from '#shared/data/items';
import type { Organization } from '#shared/domain/organization';
import {
  BY,
  indexQuery,
  organizationKey,
  organizationPartition,
  RECURRING_PREFIX,
  RECURRING_SHARDS,
  recurringDueShard,
  recurringKey,
} from '#shared/data/keys';
import type { RecurringInvoice } from '#shared/domain/recurring-invoice';
import { metadataIndexParts, pageWithMetadata } from '#shared/data/metadata-index';
import type { Metadata } from '#shared/domain/metadata';

/** Writes a new template with its event. */
export async function saveNewRecurringInvoice(db: CorrelatedDb, template: RecurringInvoice, event: NewEvent) {
  const written = await transact(db, {
    template: [
      {
        Put: { TableName: db.table, Item: recurringItem(template), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      ...metadataIndexParts(db, template.organization_id, 'recurring_invoice', template.id, {}, template.metadata),
    ],
    event: eventParts(db, template.organization_id, [event]),
  });
  if (!written.ok) throw new Error(`recurring invoice ${template.id} exists already`);
}

/**
 * Templates of one organization and the organization itself, in one BatchGetItem (up to 99 ids, a
 * request holds 100 keys); templates that no longer exist are left out.
 */
export async function recurringWithOrganization(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<{ organization?: Organization; templates: RecurringInvoice[] }> {
  const items = await itemsWithIds(
    db,
    [organizationId, ...ids],
    (id) => (id === organizationId ? organizationKey(organizationId) : recurringKey(organizationId, id)),
    { consistent: true },
  );
  const organization = ofType(items, 'organization');
  return {
    ...(organization ? { organization: organizationOf(organization) } : {}),
    templates: items.filter((item) => item.type === 'recurring_invoice').map(recurringOf),
  };
}

export async function getRecurringInvoice(
  db: Db,
  organizationId: string,
  recurringId: string,
): Promise<RecurringInvoice | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: recurringKey(organizationId, recurringId), ConsistentRead: true }),
  );
  return Item ? recurringOf(Item) : undefined;
}

/**
 * A page of the templates, oldest first; of those whose metadata holds `metadata`, newest first
 * through its index (a page may hold fewer than `limit` while a position is left).
 */
export async function listRecurringInvoices(
  db: Db,
  organizationId: string,
  options: PageRequest & { metadata?: Metadata },
): Promise<{ items: RecurringInvoice[]; position?: Record<string, unknown> }> {
  if (options.metadata && Object.keys(options.metadata).length > 0) {
    const list = {
      kind: 'recurring_invoice' as const,
      keyOf: (id: string) => recurringKey(organizationId, id),
      decode: recurringOf,
    };
    return pageWithMetadata(db, organizationId, list, options.metadata, options);
  }
  const partition = { pk: organizationPartition(organizationId), prefix: RECURRING_PREFIX };
  return prefixPage(db, partition, options, recurringOf);
}

/**
 * Writes a template's new state with its event, if nobody moved it meanwhile (same version, next
 * period and status); undefined when somebody did.
 */
export async function saveRecurringInvoice(
  db: CorrelatedDb,
  current: RecurringInvoice,
  next: RecurringInvoice,
  announce: (saved: RecurringInvoice) => NewEvent,
  now = new Date(),
): Promise<RecurringInvoice | undefined> {
  const read = current.version ?? 0;
  const saved = { ...next, updated_at: now.toISOString(), version: read + 1 };
  const { organization_id: organizationId, id } = saved;
  const written = await transact(db, {
    template: [
      {
        Put: {
          TableName: db.table,
          Item: recurringItem(saved),
          ConditionExpression: `next_index = :index AND #status = :status AND ${read ? 'version = :read' : 'attribute_not_exists(version)'}`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':index': current.next_index,
            ':status': current.status,
            ...(read ? { ':read': read } : {}),
          },
        },
      },
      ...metadataIndexParts(db, organizationId, 'recurring_invoice', id, current.metadata, saved.metadata),
    ],
    event: eventParts(db, saved.organization_id, [announce(saved)], now),
  });
  return written.ok ? saved : undefined;
}

/**
 * The template moves on to its next period in the same transaction as the invoice of period
 * `index`, on the condition that it still expects that period and is active: so no period is
 * generated twice, and a paused template generates nothing.
 */
export const periodClaim = (db: Db, next: RecurringInvoice, index: number) => {
  // A change made since the template was read (its version) fails the claim too: it is read again.
  const read = next.version ?? 0;
  return {
    Put: {
      TableName: db.table,
      Item: recurringItem(next),
      ConditionExpression: `next_index = :index AND #status = :active AND ${read ? 'version = :read' : 'attribute_not_exists(version)'}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':index': index, ':active': 'active', ...(read ? { ':read': read } : {}) },
    },
  };
};

/** The active templates whose next run is due by `today` somewhere on Earth, from every shard. */
export async function dueRecurringInvoices(db: Db, today: string): Promise<{ organizationId: string; id: string }[]> {
  const shards = await Promise.all(
    Array.from({ length: RECURRING_SHARDS }, (_, shard) =>
      queryAll(db, indexQuery(BY.recurringDue, recurringDueShard(shard), { atMost: `${today}#~` })),
    ),
  );
  return shards.flat().map((item) => ({ organizationId: String(item.organization_id), id: String(item.id) }));
}
