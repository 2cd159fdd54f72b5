// Invoice storage: reads, and the parts an operation writes in one transaction (shared/invoicing).
// A new invoice is written with the claims of its number and printed number and its public token; a
// change is written on the condition that nobody changed the invoice since it was read (its version).
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { InvoiceStatus, Invoice } from '#shared/domain/invoice';
import { itemsWithIds, query, queryAll, type Db, type WritePart } from '#shared/data/table';
import { type Allocated, numberClaim, printedNumberClaim } from '#shared/data/number-series';
import { clientOf, invoiceItem, invoiceOf, logoOf, ofType, organizationOf } from '#shared/data/items';
import type { Logo } from '#shared/domain/logo';
import { searchTermsOf } from '#shared/domain/invoice-search';
import { searchTermParts } from '#shared/data/invoice-search';
import { metadataIndexParts, pageWithMetadata } from '#shared/data/metadata-index';
import type { Metadata } from '#shared/domain/metadata';
import {
  BY,
  clientKey,
  indexQuery,
  issueDateRange,
  invoiceKey,
  invoicesOfClient,
  invoicesOfOrganization,
  invoicesWithStatus,
  organizationKey,
  organizationLogoKey,
  publicTokenKey,
} from '#shared/data/keys';
import type { Client } from '#shared/domain/client';
import type { Organization } from '#shared/domain/organization';

/** The client to bill and its organization, read together and consistently (the client may just have changed). */
export async function clientWithOrganization(
  db: Db,
  organizationId: string,
  clientId: string,
): Promise<{ client?: Client; organization?: Organization }> {
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: {
          Keys: [clientKey(organizationId, clientId), organizationKey(organizationId)],
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const client = ofType(items, 'client');
  const organization = ofType(items, 'organization');
  return {
    ...(client ? { client: clientOf(client) } : {}),
    ...(organization ? { organization: organizationOf(organization) } : {}),
  };
}

/** A new invoice's parts: the invoice, the claims of its number and printed number, its public token. */
export const newInvoiceParts = (db: Db, organizationId: string, invoice: Invoice, allocated: Allocated, now: Date) => ({
  invoice: [
    {
      Put: {
        TableName: db.table,
        Item: invoiceItem(organizationId, invoice),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...derivedParts(db, organizationId, undefined, invoice),
  ] satisfies WritePart[],
  number: numberClaim(db.table, organizationId, allocated, invoice.id, now),
  printed_number: printedNumberClaim(db.table, organizationId, {
    kind: 'invoice',
    id: invoice.id,
    text: invoice.invoice_number,
  }),
  public_token: {
    Put: {
      TableName: db.table,
      Item: {
        ...publicTokenKey(invoice.public_token),
        type: 'public_token',
        organization_id: organizationId,
        invoice_id: invoice.id,
      },
    },
  } satisfies WritePart,
});

/**
 * The invoice as changed, on the condition that it is still the version `before` was, with its
 * search terms and metadata index in step (the first part carries the condition).
 */
export const changedInvoiceParts = (db: Db, organizationId: string, invoice: Invoice, before: Invoice): WritePart[] => [
  {
    Put: {
      TableName: db.table,
      Item: invoiceItem(organizationId, invoice),
      ConditionExpression: 'version = :read',
      ExpressionAttributeValues: { ':read': before.version },
    },
  },
  ...derivedParts(db, organizationId, before, invoice),
];

/** The items derived from an invoice, kept in step with it: search terms, metadata index. */
const derivedParts = (db: Db, organizationId: string, before: Invoice | undefined, after: Invoice) => [
  ...searchTermParts(db, organizationId, after.id, before ? searchTermsOf(before) : [], searchTermsOf(after)),
  ...metadataIndexParts(db, organizationId, 'invoice', after.id, before?.metadata, after.metadata),
];

export async function getInvoice(db: Db, organizationId: string, invoiceId: string): Promise<Invoice | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: invoiceKey(organizationId, invoiceId) }),
  );
  return Item ? invoiceOf(Item) : undefined;
}

/** The invoices with these ids that exist, in the order asked, read consistently. */
export const getInvoices = async (db: Db, organizationId: string, ids: readonly string[]): Promise<Invoice[]> =>
  (await itemsWithIds(db, ids, (id) => invoiceKey(organizationId, id), { consistent: true })).map(invoiceOf);

/** The invoices with these ids that exist, in the order asked, as a list reads them (eventually consistent). */
export const invoicesWithIds = async (db: Db, organizationId: string, ids: readonly string[]): Promise<Invoice[]> =>
  (await itemsWithIds(db, ids, (id) => invoiceKey(organizationId, id))).map(invoiceOf);

/** One page of the invoices whose metadata holds `wanted` (docs/data-model.md #61), checked with `matches` too. */
export const invoicesWithMetadata = (
  db: Db,
  organizationId: string,
  wanted: Metadata,
  page: { limit: number; startKey?: Record<string, unknown> },
  matches: (invoice: Invoice) => boolean,
) =>
  pageWithMetadata(
    db,
    organizationId,
    { kind: 'invoice', keyOf: (id) => invoiceKey(organizationId, id), decode: invoiceOf },
    wanted,
    page,
    matches,
  );

/** A condition that the invoice is still the version `read`, writing nothing. */
export const unchangedInvoicePart = (db: Db, organizationId: string, invoice: Invoice): WritePart => ({
  ConditionCheck: {
    TableName: db.table,
    Key: invoiceKey(organizationId, invoice.id),
    ConditionExpression: 'version = :read',
    ExpressionAttributeValues: { ':read': invoice.version },
  },
});

/** An invoice and its organization (for its dates, zone and letterhead), read together. */
export async function invoiceWithOrganization(
  db: Db,
  organizationId: string,
  invoiceId: string,
): Promise<{ invoice: Invoice; organization: Organization; logo?: Logo } | undefined> {
  // The logo is asked for whether or not there is one: a missing key costs less than a second round trip.
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: {
          Keys: [
            invoiceKey(organizationId, invoiceId),
            organizationKey(organizationId),
            organizationLogoKey(organizationId),
          ],
        },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const invoice = ofType(items, 'invoice');
  const organization = ofType(items, 'organization');
  const logo = ofType(items, 'logo');
  return invoice && organization
    ? {
        invoice: invoiceOf(invoice),
        organization: organizationOf(organization),
        ...(logo ? { logo: logoOf(logo) } : {}),
      }
    : undefined;
}

export type InvoiceFilter = {
  status?: InvoiceStatus;
  clientId?: string;
  issueDateFrom?: string;
  issueDateTo?: string;
  recurringId?: string;
};

/**
 * Newest issue date first. The client index serves a client filter, the status index a status
 * filter, the organization index everything else; the date range is always part of the key condition.
 * With both client and status the status is a filter expression on the client's invoices.
 */
export async function listInvoices(
  db: Db,
  organizationId: string,
  filter: InvoiceFilter,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: Invoice[]; position?: Record<string, unknown> }> {
  const [access, partition] = filter.clientId
    ? [BY.invoicesOfClient, invoicesOfClient(organizationId, filter.clientId)]
    : filter.status
      ? [BY.invoicesByStatus, invoicesWithStatus(organizationId, filter.status)]
      : [BY.invoicesByIssueDate, invoicesOfOrganization(organizationId)];
  const keyCondition = indexQuery(access, partition, issueDateRange(filter.issueDateFrom, filter.issueDateTo));
  const statusAsFilter = Boolean(filter.clientId && filter.status);
  // A template's invoices are its client's invoices that name it.
  const recurringAsFilter = Boolean(filter.recurringId);
  const { Items = [], LastEvaluatedKey } = await query(db, {
    ...keyCondition,
    ...(statusAsFilter ? { FilterExpression: '#status = :status' } : {}),
    ...(recurringAsFilter ? { FilterExpression: 'recurring_id = :recurring' } : {}),
    ExpressionAttributeNames: {
      ...keyCondition.ExpressionAttributeNames,
      ...(statusAsFilter ? { '#status': 'status' } : {}),
    },
    ExpressionAttributeValues: {
      ...keyCondition.ExpressionAttributeValues,
      ...(statusAsFilter ? { ':status': filter.status } : {}),
      ...(recurringAsFilter ? { ':recurring': filter.recurringId } : {}),
    },
    ScanIndexForward: false,
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { items: Items.map(invoiceOf), position: LastEvaluatedKey };
}

/**
 * The original a late fee charges, marked charged through `asOf`, on the condition that it is still
 * the version read: a concurrent charge (or any change) fails it, and nothing is written.
 */
export const lateFeeChargedPart = (db: Db, organizationId: string, original: Invoice, asOf: string): WritePart => ({
  Update: {
    TableName: db.table,
    Key: invoiceKey(organizationId, original.id),
    UpdateExpression: 'SET late_fee_through = :through, version = :next',
    ConditionExpression: 'version = :read',
    ExpressionAttributeValues: { ':through': asOf, ':next': original.version + 1, ':read': original.version },
  },
});

/** Every invoice of a client, page after page: for its statement, bounded by what one client was billed. */
export async function allInvoicesOfClient(db: Db, organizationId: string, clientId: string): Promise<Invoice[]> {
  const items = await queryAll(db, indexQuery(BY.invoicesOfClient, invoicesOfClient(organizationId, clientId)));
  return items.map(invoiceOf);
}

/**
 * A client's open invoices issued between two dates (inclusive): for the amount rule of a bank
 * transfer, one query of the client's index, bounded by what the client was billed in the window.
 */
export async function openInvoicesOfClient(
  db: Db,
  organizationId: string,
  clientId: string,
  issued: { from: string; to: string },
): Promise<Invoice[]> {
  const keyCondition = indexQuery(
    BY.invoicesOfClient,
    invoicesOfClient(organizationId, clientId),
    issueDateRange(issued.from, issued.to),
  );
  const items = await queryAll(db, {
    ...keyCondition,
    FilterExpression: '#status IN (:sent, :partially_paid, :overdue)',
    ExpressionAttributeNames: { ...keyCondition.ExpressionAttributeNames, '#status': 'status' },
    ExpressionAttributeValues: {
      ...keyCondition.ExpressionAttributeValues,
      ':sent': 'sent',
      ':partially_paid': 'partially_paid',
      ':overdue': 'overdue',
    },
  });
  return items.map(invoiceOf);
}
