// Received e-invoices: the document's item, the identity it holds (one document per seller, number,
// issue date and type) and the transport messages taken in, each written in one transaction with its
// event, so a document is announced exactly when it is stored and a message is never taken in twice.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import { entityOf } from '#shared/data/items';
import { incomingIdentityKey, incomingInvoiceKey, incomingInvoicesOf, incomingMessageKey } from '#shared/data/keys';
import { type CorrelatedDb, type Db, query, transact, type WritePart } from '#shared/data/table';
import type { NewEvent } from '#shared/domain/events';
import type { IncomingInvoice, IncomingSource, IncomingStatus } from '#shared/domain/incoming-invoice';

const itemOf = (organizationId: string, invoice: IncomingInvoice) => ({
  ...incomingInvoiceKey(organizationId, invoice.id),
  type: 'incoming_invoice',
  organization_id: organizationId,
  ...invoice,
});

const incomingInvoiceOf = (item: Record<string, unknown>) => {
  const { organization_id: _organization, ...rest } = item;
  return entityOf<IncomingInvoice>(rest);
};

export async function getIncomingInvoice(db: Db, organizationId: string, id: string) {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: incomingInvoiceKey(organizationId, id), ConsistentRead: true }),
  );
  return Item ? incomingInvoiceOf(Item) : undefined;
}

async function heldId(db: Db, key: { pk: string; sk: string }): Promise<string | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return Item?.incoming_invoice_id as string | undefined;
}

/** The document a transport message became, where it was taken in before. */
export const incomingIdOfMessage = (db: Db, organizationId: string, channel: string, messageId: string) =>
  heldId(db, incomingMessageKey(organizationId, channel, messageId));

export const incomingIdOfIdentity = (db: Db, organizationId: string, identity: string) =>
  heldId(db, incomingIdentityKey(organizationId, identity));

/** The transport's delivery taken in (`transport`: its message id, or one part of it); none for an upload. */
const messagePart = (
  db: Db,
  organizationId: string,
  source: IncomingSource,
  id: string,
  transport: string | undefined,
): WritePart[] =>
  source.channel === 'upload' || !transport
    ? []
    : [
        {
          Put: {
            TableName: db.table,
            Item: {
              ...incomingMessageKey(organizationId, source.channel, transport),
              type: 'incoming_message',
              incoming_invoice_id: id,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ];

/**
 * The new document with its identity, its transport message and its event. `identity` when another
 * document holds the identity already, `message` when the message was taken in meanwhile.
 */
export async function saveNewIncomingInvoice(
  db: CorrelatedDb,
  organizationId: string,
  invoice: IncomingInvoice,
  event: NewEvent,
  transport?: string,
  /** More of the same transaction: the original's archive record. */
  also: readonly WritePart[] = [],
): Promise<'saved' | 'identity' | 'message'> {
  const written = await transact(db, {
    invoice: {
      Put: {
        TableName: db.table,
        Item: itemOf(organizationId, invoice),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    identity: {
      Put: {
        TableName: db.table,
        Item: {
          ...incomingIdentityKey(organizationId, invoice.identity),
          type: 'incoming_identity',
          incoming_invoice_id: invoice.id,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    message: messagePart(db, organizationId, invoice.source, invoice.id, transport),
    events: eventParts(db, organizationId, [event]),
    also,
  });
  if (written.ok) return 'saved';
  if (written.failed === 'invoice') throw new Error(`incoming invoice ${invoice.id} exists already`);
  return written.failed as 'identity' | 'message';
}

/** A second arrival of a stored document: its event (`incoming_invoice.duplicate`) and its message, once. */
export async function saveDuplicateArrival(
  db: CorrelatedDb,
  organizationId: string,
  first: IncomingInvoice,
  source: IncomingSource,
  event: NewEvent,
  transport?: string,
): Promise<'saved' | 'message'> {
  const written = await transact(db, {
    message: messagePart(db, organizationId, source, first.id, transport),
    events: eventParts(db, organizationId, [event]),
  });
  return written.ok ? 'saved' : 'message';
}

/** The document's item as changed, on the condition that it is still the version read. */
export const incomingInvoicePart = (db: Db, organizationId: string, invoice: IncomingInvoice, readVersion: number) => ({
  Put: {
    TableName: db.table,
    Item: itemOf(organizationId, invoice),
    ConditionExpression: 'version = :read',
    ExpressionAttributeValues: { ':read': readVersion },
  },
});

export type IncomingFilter = {
  status?: IncomingStatus;
  /** A VAT id or an electronic address of the seller. */
  seller?: string;
  issueDateFrom?: string;
  issueDateTo?: string;
  /** Text in the number or either party's name, in any case. */
  q?: string;
};

const matches = (filter: IncomingFilter) => (invoice: IncomingInvoice) => {
  const { summary } = invoice;
  const seller = filter.seller?.toLowerCase();
  const q = filter.q?.toLowerCase();
  return (
    (!filter.status || invoice.status === filter.status) &&
    (!seller ||
      summary.seller.tax_id?.toLowerCase() === seller ||
      summary.seller.electronic_address?.toLowerCase() === seller) &&
    (!filter.issueDateFrom || (summary.issue_date ?? '') >= filter.issueDateFrom) &&
    (!filter.issueDateTo || (summary.issue_date ?? '') <= filter.issueDateTo) &&
    (!q || [summary.number, summary.seller.name, summary.buyer.name].some((text) => text?.toLowerCase().includes(q)))
  );
};

/**
 * Newest arrival first. The filters are applied to the organization's received documents as they are
 * read, a page at a time (an inbox is read by people: its pages are small); a page may hold fewer
 * than `limit` and still have a next one.
 */
export async function listIncomingInvoices(
  db: Db,
  organizationId: string,
  filter: IncomingFilter,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: IncomingInvoice[]; position?: Record<string, unknown> }> {
  const { Items = [], LastEvaluatedKey } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: incomingInvoicesOf(organizationId),
    ScanIndexForward: false,
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { items: Items.map(incomingInvoiceOf).filter(matches(filter)), position: LastEvaluatedKey };
}
