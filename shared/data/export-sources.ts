// What an export reads, page after page and oldest first, never held whole: documents by issue date
// through their index, an organization's payments and clients from its partition (an export is a
// background job; docs/exports.md). Each source counts what it will yield first, for the progress.
import {
  BY,
  CLIENT_PREFIX,
  creditNotesOfOrganization,
  indexQuery,
  invoicesOfOrganization,
  issueDateRange,
  organizationPartition,
  PAYMENT_PREFIX,
} from '#shared/data/keys';
import { clientOf, creditNoteOf, invoiceOf, paymentOf } from '#shared/data/items';
import { countItems, eachItem, type Db, type QueryInput } from '#shared/data/table';
import type { Client } from '#shared/domain/client';
import type { CreditNote } from '#shared/domain/credit-note';
import type { Invoice } from '#shared/domain/invoice';
import type { Payment } from '#shared/domain/payment';

export type Source<T> = { count: () => Promise<number>; items: () => AsyncGenerator<T> };

const notDraft = {
  FilterExpression: '#status <> :draft',
  names: { '#status': 'status' },
  values: { ':draft': 'draft' },
};

function source<T>(
  db: Db,
  input: Omit<QueryInput, 'ExclusiveStartKey' | 'Select'>,
  decode: (item: Record<string, unknown>) => T,
): Source<T> {
  return {
    count: () => countItems(db, input),
    async *items() {
      for await (const item of eachItem(db, [{ ...input, ScanIndexForward: true }])) yield decode(item);
    },
  };
}

/** Invoices issued from `from` to `to` (drafts too when asked), oldest first. */
export function invoicesIssued(
  db: Db,
  organizationId: string,
  from: string,
  to: string,
  drafts: boolean,
): Source<Invoice> {
  const range = indexQuery(BY.invoicesByIssueDate, invoicesOfOrganization(organizationId), issueDateRange(from, to));
  return source(
    db,
    drafts
      ? range
      : {
          ...range,
          FilterExpression: notDraft.FilterExpression,
          ExpressionAttributeNames: { ...range.ExpressionAttributeNames, ...notDraft.names },
          ExpressionAttributeValues: { ...range.ExpressionAttributeValues, ...notDraft.values },
        },
    invoiceOf,
  );
}

/** Credit notes issued from `from` to `to`, oldest first (a credit note is never a draft). */
export const creditNotesIssued = (db: Db, organizationId: string, from: string, to: string): Source<CreditNote> =>
  source(
    db,
    indexQuery(BY.creditNotesByIssueDate, creditNotesOfOrganization(organizationId), issueDateRange(from, to)),
    creditNoteOf,
  );

/** The items of one kind in the organization's partition whose instant `field` is from `start` (inclusive) to `end`. */
const stampedBetween = (organizationId: string, prefix: string, field: string, start: Date, end: Date) => ({
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
  FilterExpression: '#field >= :start AND #field < :end',
  ExpressionAttributeNames: { '#field': field },
  ExpressionAttributeValues: {
    ':pk': organizationPartition(organizationId),
    ':prefix': prefix,
    ':start': start.toISOString(),
    ':end': end.toISOString(),
  },
});

/** The organization's payments paid from `start` (inclusive) to `end` (exclusive), in key order. */
export const paymentsBetween = (db: Db, organizationId: string, start: Date, end: Date): Source<Payment> =>
  source(db, stampedBetween(organizationId, PAYMENT_PREFIX, 'paid_at', start, end), paymentOf);

/** The organization's clients created from `start` (inclusive) to `end` (exclusive), oldest first (ids are ULIDs). */
export const clientsCreatedBetween = (db: Db, organizationId: string, start: Date, end: Date): Source<Client> =>
  source(db, stampedBetween(organizationId, CLIENT_PREFIX, 'created_at', start, end), clientOf);
