// Invoice storage. Creation is one transaction: the client must still exist, the organization's
// counter moves from n to n+1 (so numbers are gapless), and the invoice, its public token and its
// event are written together — or nothing is.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newCapabilityToken, newId } from '#shared/domain/ids';
import {
  assertTaxParties,
  buyerOf,
  invoiceDates,
  isEditable,
  priceInvoice,
  sellerOf,
  type InvoiceStatus,
  type Invoice,
  type InvoiceContent,
  type LineItemInput,
  type PricedInvoice,
} from '#shared/domain/invoice';
import type { Discount } from '#shared/domain/pricing';
import { DEFAULT_TAX_ROUNDING } from '#shared/domain/tax';
import { dateIn } from '#shared/domain/dates';
import { invalidState, notFound, validationError } from '#shared/domain/errors';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { query, type CorrelatedDb, type Db } from '#shared/data/table';
import { getClient } from '#shared/data/clients';
import {
  type Allocated,
  allocateNumber,
  MAX_TEXT_COLLISIONS,
  numberClaim,
  printedNumberClaim,
  voidNumber,
} from '#shared/data/number-series';
import { formatNumber, numberingOf, seriesFor, VOID_REASON } from '#shared/domain/numbering';
import { clientOf, invoiceItem, invoiceOf, logoOf, ofType, organizationOf } from '#shared/data/items';
import type { Logo } from '#shared/domain/logo';
import { outboxPut } from '#shared/data/events';
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
import { timeZoneOf, type Organization } from '#shared/domain/organization';

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 + attempt * 2)));

const cancellationCodes = (error: unknown): (string | undefined)[] | undefined =>
  error instanceof TransactionCanceledException
    ? (error.CancellationReasons ?? []).map((reason) => reason.Code)
    : undefined;

function assertBillable(client: Client | undefined): asserts client is Client {
  if (!client) throw notFound('Client');
  if (!client.is_active) throw invalidState('The client is archived; new invoices cannot be billed to it');
}

/** A new invoice's content; what is left out defaults from the organization (currency, today in its zone). */
export type NewInvoice = Omit<InvoiceContent, keyof PricedInvoice | 'currency' | 'issue_date' | 'due_date'> & {
  currency?: string;
  issue_date?: string;
  due_date?: string;
  /** Priced here, under the organization's tax rounding. */
  lines: LineItemInput[];
  discount?: Discount;
  prices_include_tax?: boolean;
};

/** Transaction failures worth another try with the same number: nothing was written. */
const TRANSIENT = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);
const MAX_WRITE_ATTEMPTS = 5;

/**
 * `currency` defaults to the organization's, `issue_date` to its today and `due_date` to the
 * payment term after. Three requests: read the client and the organization, allocate the number
 * (never contended: docs/data-model.md "Numbering"), write the invoice with its number claim, public
 * token and event. A write that cannot happen voids the number with its reason.
 * `origin` ties the invoice to a recurring template: its condition is part of the transaction, so a
 * period is generated at most once; if that condition fails the result is ChangeConflictError.
 */
export async function createInvoice(
  db: CorrelatedDb,
  organizationId: string,
  draft: NewInvoice,
  publicBaseUrl: string,
  now = new Date(),
  origin?: { recurringId: string; items: TransactItem[] },
): Promise<Invoice> {
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: {
          Keys: [clientKey(organizationId, draft.client_id), organizationKey(organizationId)],
          ConsistentRead: true,
        },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const clientFound = ofType(items, 'client');
  const organizationFound = ofType(items, 'organization');
  const client = clientFound && clientOf(clientFound);
  assertBillable(client);
  if (!organizationFound) throw new Error(`organization ${organizationId} is incomplete`);
  const organization = organizationOf(organizationFound);
  const dates = invoiceDates(draft, dateIn(timeZoneOf(organization), now), organization.payment_term_days);
  if (dates.due_date < dates.issue_date) throw validationError({ due_date: 'may not be before issue_date' });
  const { lines, discount, prices_include_tax: pricesIncludeTax, ...fields } = draft;
  const priced = priceInvoice(lines, {
    ...(discount ? { discount } : {}),
    prices_include_tax: pricesIncludeTax ?? false,
    tax_rounding: organization.tax_rounding ?? DEFAULT_TAX_ROUNDING,
  });
  const seller = sellerOf(organization);
  const buyer = buyerOf(client);
  assertTaxParties({ ...priced, ...fields, seller, buyer });
  const content: InvoiceContent = {
    ...fields,
    ...priced,
    ...dates,
    currency: draft.currency ?? organization.default_currency,
    locale: draft.locale ?? client.locale ?? organization.locale ?? 'en',
    // The organization's default notes and terms, unless the invoice says otherwise.
    notes: draft.notes ?? organization.default_notes,
    terms: draft.terms ?? organization.default_terms,
  };

  const format = numberingOf(organization);
  const series = seriesFor(format, dates.issue_date);
  for (let taken = 0; ; taken++) {
    const allocated = await allocateNumber(db, organizationId, series, format, now);
    const invoice: Invoice = {
      id: newId('inv', now.getTime()),
      invoice_number: formatNumber(format, allocated.number, dates.issue_date.slice(0, 4)),
      status: 'draft',
      client_name: client.name,
      seller,
      buyer,
      ...content,
      public_token: newCapabilityToken(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      version: 1,
      ...(origin ? { recurring_id: origin.recurringId } : {}),
    };
    const extra = origin?.items.length ?? 0;
    const outcome = await writeNewInvoice(db, organizationId, invoice, allocated, publicBaseUrl, now, origin?.items);
    if (outcome === 'written') return invoice;
    const failedOrigin = outcome.slice(0, extra).findIndex((code) => code === 'ConditionalCheckFailed');
    // A format change can print a number the way an earlier format printed another: skip to the next.
    const textTaken = outcome[extra + TEXT_CLAIM] === 'ConditionalCheckFailed';
    const reason =
      failedOrigin >= 0 ? VOID_REASON.periodTaken : textTaken ? VOID_REASON.textTaken : VOID_REASON.writeFailed;
    await voidNumber(db, organizationId, allocated, reason, now);
    if (failedOrigin >= 0) throw new ChangeConflictError(failedOrigin);
    if (!textTaken || taken >= MAX_TEXT_COLLISIONS)
      throw new Error(`invoice ${invoice.invoice_number} could not be written: ${outcome.join(', ')}`);
  }
}

/** Where the number's printed form is claimed among the write's items (after any origin items). */
const TEXT_CLAIM = 2;

/**
 * The invoice with its number claim, the claim of its printed number, its public token and its event,
 * in one transaction; a conflict or throttle is tried again with the same number. Answers the
 * cancellation codes when the write was refused.
 */
async function writeNewInvoice(
  db: CorrelatedDb,
  organizationId: string,
  invoice: Invoice,
  allocated: Allocated,
  publicBaseUrl: string,
  now: Date,
  originItems: TransactItem[] = [],
): Promise<'written' | (string | undefined)[]> {
  const write = new TransactWriteCommand({
    TransactItems: [
      ...originItems,
      {
        Put: {
          TableName: db.table,
          Item: invoiceItem(organizationId, invoice),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      numberClaim(db.table, organizationId, allocated, invoice.id, now),
      printedNumberClaim(db.table, organizationId, { kind: 'invoice', id: invoice.id, text: invoice.invoice_number }),
      {
        Put: {
          TableName: db.table,
          Item: {
            ...publicTokenKey(invoice.public_token),
            type: 'public_token',
            organization_id: organizationId,
            invoice_id: invoice.id,
          },
        },
      },
      outboxPut(db, organizationId, 'invoice.created', invoiceResource(invoice, publicBaseUrl), now),
    ],
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(write);
      return 'written';
    } catch (error) {
      const codes = cancellationCodes(error);
      // Unknown outcome (a timeout may hide a success): the claim decides, and the sweeper voids the rest.
      if (!codes) throw error;
      if (codes.some((code) => code && TRANSIENT.has(code)) && attempt < MAX_WRITE_ATTEMPTS) {
        await pause(attempt);
        continue;
      }
      return codes;
    }
  }
}

export async function getInvoice(db: Db, organizationId: string, invoiceId: string): Promise<Invoice | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: invoiceKey(organizationId, invoiceId) }),
  );
  return Item ? invoiceOf(Item) : undefined;
}

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

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export type InvoiceChange = {
  invoice: Invoice;
  /** Event kinds to write with the change; each carries the invoice as changed. */
  events: string[];
  /** More items for the same transaction (a payment, a condition on another item). */
  items?: TransactItem[];
  /** Put beside `data.object` in each of the change's events. */
  eventData?: Record<string, unknown>;
};

export class ChangeConflictError extends Error {
  constructor(readonly itemIndex: number) {
    super('a condition on another item of the change failed');
  }
}

/**
 * Applies `decide` to the invoice as stored, in one transaction with its events, if nobody changed
 * the invoice meanwhile (its version); otherwise reads again and decides again. `decide` throws to
 * refuse. A failed condition on one of the change's other items is reported as ChangeConflictError.
 */
export async function changeInvoice(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  decide: (current: Invoice) => Omit<InvoiceChange, 'invoice'> & { invoice: Omit<Invoice, 'version' | 'updated_at'> },
  publicBaseUrl: string,
  now = new Date(),
): Promise<Invoice> {
  for (let attempt = 1; ; attempt++) {
    const current = await getInvoice(db, organizationId, invoiceId);
    if (!current) throw notFound('Invoice');
    const change = decide(current);
    const invoice: Invoice = { ...change.invoice, updated_at: now.toISOString(), version: current.version + 1 };
    const extra = change.items ?? [];
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: db.table,
                Item: invoiceItem(organizationId, invoice),
                ConditionExpression: 'version = :read',
                ExpressionAttributeValues: { ':read': current.version },
              },
            },
            ...extra,
            ...change.events.map((type) =>
              outboxPut(db, organizationId, type, invoiceResource(invoice, publicBaseUrl), now, change.eventData),
            ),
          ],
        }),
      );
      return invoice;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const failedExtra = codes.slice(1, 1 + extra.length).findIndex((code) => code === 'ConditionalCheckFailed');
      if (failedExtra >= 0) throw new ChangeConflictError(failedExtra);
      if (attempt >= 20) throw error;
      await pause(attempt);
    }
  }
}

/**
 * Replaces a draft's content. When the change names another client (`newClientId`), that client is
 * read first and must still be active when the change is written.
 */
export async function updateDraftInvoice(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  change: (current: Invoice) => InvoiceContent,
  publicBaseUrl: string,
  newClientId?: string,
  now = new Date(),
): Promise<Invoice> {
  const newClient = newClientId ? await getClient(db, organizationId, newClientId) : undefined;
  if (newClientId) assertBillable(newClient);
  try {
    return await changeInvoice(
      db,
      organizationId,
      invoiceId,
      (current) => {
        if (!isEditable(current.status))
          throw invalidState(`Only draft invoices can be edited; this one is ${current.status}`);
        const content = change(current);
        const clientChanged = newClient !== undefined && content.client_id !== current.client_id;
        const invoice = {
          ...current,
          ...content,
          ...(clientChanged
            ? {
                client_name: newClient.name,
                buyer: buyerOf(newClient),
                locale: content.locale ?? newClient.locale ?? current.locale,
              }
            : {}),
        };
        assertTaxParties(invoice);
        return {
          invoice,
          events: ['invoice.updated'],
          items: clientChanged
            ? [
                {
                  ConditionCheck: {
                    TableName: db.table,
                    Key: clientKey(organizationId, newClient.id),
                    ConditionExpression: 'is_active = :true',
                    ExpressionAttributeValues: { ':true': true },
                  },
                },
              ]
            : [],
        };
      },
      publicBaseUrl,
      now,
    );
  } catch (error) {
    if (error instanceof ChangeConflictError)
      throw invalidState('The client is archived; invoices cannot be billed to it');
    throw error;
  }
}
