// Credit note storage: reads, and the parts the credit operation writes with the invoice's change
// (shared/invoicing/create-credit-note.ts): the note, the claims of its numbers, its public token.
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { itemsWithIds, query, transact, type CorrelatedDb, type Db, type WritePart } from '#shared/data/table';
import { type PageRequest, pageOfHeld } from '#shared/domain/pages';
import { creditNoteItem, creditNoteOf, logoOf, ofType, organizationOf } from '#shared/data/items';
import type { Logo } from '#shared/domain/logo';
import type { Organization } from '#shared/domain/organization';
import {
  BY,
  creditNoteKey,
  creditNotesOfOrganization,
  indexQuery,
  issueDateRange,
  organizationKey,
  organizationLogoKey,
  publicTokenKey,
} from '#shared/data/keys';
import { numberClaim, printedNumberClaim, type Allocated } from '#shared/data/number-series';
import { eventParts } from '#shared/data/events';
import type { CreditNote, CreditNoteSending } from '#shared/domain/credit-note';
import type { NewEvent } from '#shared/domain/events';
import type { Invoice } from '#shared/domain/invoice';
import type { Metadata } from '#shared/domain/metadata';
import { metadataIndexParts, pageWithMetadata } from '#shared/data/metadata-index';

/** A new credit note's parts: the note, the claims of its number and printed number, its public token. */
export const newCreditNoteParts = (
  db: Db,
  organizationId: string,
  creditNote: CreditNote,
  allocated: Allocated,
  now: Date,
) => ({
  credit_note: [
    {
      Put: {
        TableName: db.table,
        Item: creditNoteItem(organizationId, creditNote),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...metadataIndexParts(db, organizationId, 'credit_note', creditNote.id, {}, creditNote.metadata),
  ] satisfies WritePart[],
  number: numberClaim(db.table, organizationId, allocated, creditNote.id, now),
  printed_number: printedNumberClaim(db.table, organizationId, {
    kind: 'credit_note',
    id: creditNote.id,
    text: creditNote.credit_note_number,
  }),
  public_token: {
    Put: {
      TableName: db.table,
      Item: {
        ...publicTokenKey(creditNote.public_token),
        type: 'public_token',
        organization_id: organizationId,
        credit_note_id: creditNote.id,
      },
    },
  } satisfies WritePart,
});

export async function getCreditNote(db: Db, organizationId: string, id: string): Promise<CreditNote | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: creditNoteKey(organizationId, id) }),
  );
  return Item ? creditNoteOf(Item) : undefined;
}

/** The credit notes of one invoice, oldest first, from the ids the invoice keeps. */
export async function creditNotesOfInvoice(db: Db, organizationId: string, invoice: Invoice): Promise<CreditNote[]> {
  const ids = invoice.credit_notes ?? [];
  const found: CreditNote[] = [];
  for (let start = 0; start < ids.length; start += 100) {
    const { Responses } = await db.client.send(
      new BatchGetCommand({
        RequestItems: {
          [db.table]: { Keys: ids.slice(start, start + 100).map((id) => creditNoteKey(organizationId, id)) },
        },
      }),
    );
    found.push(...(Responses?.[db.table] ?? []).map(creditNoteOf));
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

/** A page of an invoice's credit notes, by id (so oldest first): only the page's notes are read. */
export async function creditNotesOfInvoicePage(db: Db, organizationId: string, invoice: Invoice, page: PageRequest) {
  const ids = [...(invoice.credit_notes ?? [])].sort();
  const { items, position } = pageOfHeld(ids, (id) => id, page);
  const notes = await itemsWithIds(db, items, (id) => creditNoteKey(organizationId, id));
  return { items: notes.map(creditNoteOf), position };
}

export type CreditNoteFilter = {
  invoiceId?: string;
  clientId?: string;
  issueDateFrom?: string;
  issueDateTo?: string;
  metadata?: Metadata;
};

const matching = (filter: CreditNoteFilter) => (note: CreditNote) =>
  (!filter.invoiceId || note.invoice_id === filter.invoiceId) &&
  (!filter.clientId || note.client_id === filter.clientId) &&
  (!filter.issueDateFrom || note.issue_date >= filter.issueDateFrom) &&
  (!filter.issueDateTo || note.issue_date <= filter.issueDateTo);

/** Newest issue date first; the invoice and client are filters on the organization's credit notes. */
export async function listCreditNotes(
  db: Db,
  organizationId: string,
  filter: CreditNoteFilter,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: CreditNote[]; position?: Record<string, unknown> }> {
  if (filter.metadata && Object.keys(filter.metadata).length > 0) {
    const list = {
      kind: 'credit_note' as const,
      keyOf: (id: string) => creditNoteKey(organizationId, id),
      decode: creditNoteOf,
    };
    return pageWithMetadata(db, organizationId, list, filter.metadata, page, matching(filter));
  }
  const keyCondition = indexQuery(
    BY.creditNotesByIssueDate,
    creditNotesOfOrganization(organizationId),
    issueDateRange(filter.issueDateFrom, filter.issueDateTo),
  );
  const conditions = [
    ...(filter.invoiceId ? ['invoice_id = :invoice'] : []),
    ...(filter.clientId ? ['client_id = :client'] : []),
  ];
  const { Items = [], LastEvaluatedKey } = await query(db, {
    ...keyCondition,
    ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeValues: {
      ...keyCondition.ExpressionAttributeValues,
      ...(filter.invoiceId ? { ':invoice': filter.invoiceId } : {}),
      ...(filter.clientId ? { ':client': filter.clientId } : {}),
    },
    ScanIndexForward: false,
    Limit: page.limit,
    ExclusiveStartKey: page.startKey,
  });
  return { items: Items.map(creditNoteOf), position: LastEvaluatedKey };
}

/** The credit note with what its documents need: the organization (reply address) and its logo. */
export async function creditNoteWithOrganization(
  db: Db,
  organizationId: string,
  id: string,
): Promise<{ creditNote: CreditNote; organization: Organization; logo?: Logo } | undefined> {
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: {
          Keys: [
            creditNoteKey(organizationId, id),
            organizationKey(organizationId),
            organizationLogoKey(organizationId),
          ],
        },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const creditNote = ofType(items, 'credit_note');
  const organization = ofType(items, 'organization');
  const logo = ofType(items, 'logo');
  return creditNote && organization
    ? {
        creditNote: creditNoteOf(creditNote),
        organization: organizationOf(organization),
        ...(logo ? { logo: logoOf(logo) } : {}),
      }
    : undefined;
}

/**
 * A credit note's new metadata with its index and event, if its metadata is still the version read;
 * false when it changed meanwhile. Other fields are left as they are (sendings, refunds move on their own).
 */
export async function saveCreditNoteMetadata(
  db: CorrelatedDb,
  organizationId: string,
  before: CreditNote,
  after: CreditNote,
  event: NewEvent,
): Promise<boolean> {
  const read = before.metadata_version ?? 0;
  const written = await transact(db, {
    credit_note: [
      {
        Update: {
          TableName: db.table,
          Key: creditNoteKey(organizationId, before.id),
          UpdateExpression: 'SET metadata = :metadata, metadata_version = :next',
          ConditionExpression: read
            ? 'metadata_version = :read'
            : 'attribute_exists(pk) AND attribute_not_exists(metadata_version)',
          ExpressionAttributeValues: {
            ':metadata': after.metadata ?? {},
            ':next': read + 1,
            ...(read ? { ':read': read } : {}),
          },
        },
      },
      ...metadataIndexParts(db, organizationId, 'credit_note', before.id, before.metadata, after.metadata),
    ],
    event: eventParts(db, organizationId, [event]),
  });
  return written.ok;
}

/** Records one e-mail of the credit note with its event, in one transaction. */
export async function saveCreditNoteSending(
  db: CorrelatedDb,
  organizationId: string,
  creditNoteId: string,
  sending: { to: string; sent_at: string; message_id: string },
  event: NewEvent,
  archived: readonly WritePart[] = [],
  now = new Date(),
): Promise<void> {
  const written = await transact(db, {
    archived,
    credit_note: {
      Update: {
        TableName: db.table,
        Key: creditNoteKey(organizationId, creditNoteId),
        UpdateExpression: 'SET sendings = list_append(if_not_exists(sendings, :none), :sending)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':none': [], ':sending': [sending] },
      },
    },
    event: eventParts(db, organizationId, [event], now),
  });
  if (!written.ok) throw new Error(`credit note ${creditNoteId} is gone`);
}

/**
 * One sending's delivery fields, written only while the sending is as it was read: a report that lost
 * a race reads again rather than overwrite a newer status.
 */
export const creditNoteDeliveryPart = (
  db: Db,
  organizationId: string,
  creditNoteId: string,
  index: number,
  before: CreditNoteSending,
  after: CreditNoteSending,
): WritePart => ({
  Update: {
    TableName: db.table,
    Key: creditNoteKey(organizationId, creditNoteId),
    UpdateExpression: `SET sendings[${index}] = :after`,
    ConditionExpression: before.delivery_status
      ? `sendings[${index}].message_id = :message AND sendings[${index}].delivery_status = :status`
      : `sendings[${index}].message_id = :message AND attribute_not_exists(sendings[${index}].delivery_status)`,
    ExpressionAttributeValues: {
      ':after': after,
      ':message': before.message_id,
      ...(before.delivery_status ? { ':status': before.delivery_status } : {}),
    },
  },
});

/**
 * The credit note's Peppol sendings as decided, written only while they are the version read
 * (shared/peppol/peppol-documents.ts): a report or a send that lost a race decides again.
 */
export const creditNotePeppolPart = (
  db: Db,
  organizationId: string,
  before: CreditNote,
  after: Pick<CreditNote, 'peppol_sendings' | 'peppol_version'>,
): WritePart => {
  const read = before.peppol_version ?? 0;
  return {
    Update: {
      TableName: db.table,
      Key: creditNoteKey(organizationId, before.id),
      UpdateExpression: 'SET peppol_sendings = :sendings, peppol_version = :next',
      ConditionExpression: read
        ? 'peppol_version = :read'
        : 'attribute_exists(pk) AND attribute_not_exists(peppol_version)',
      ExpressionAttributeValues: {
        ':sendings': after.peppol_sendings ?? [],
        ':next': after.peppol_version,
        ...(read ? { ':read': read } : {}),
      },
    },
  };
};

/** A refund's claim on what the credit note has left to refund, checked again in the write. */
export const creditNoteRefundPart = (
  db: Db,
  organizationId: string,
  creditNote: CreditNote,
  amount: number,
): WritePart => ({
  Update: {
    TableName: db.table,
    Key: creditNoteKey(organizationId, creditNote.id),
    UpdateExpression: 'ADD refunded_minor :amount',
    ConditionExpression: 'attribute_not_exists(refunded_minor) OR refunded_minor <= :most',
    ExpressionAttributeValues: { ':amount': amount, ':most': creditNote.total_amount_minor - amount },
  },
});

/** A failed refund's amount is owed back again on its credit note. */
export const creditNoteRefundReturnedPart = (
  db: Db,
  organizationId: string,
  creditNoteId: string,
  amount: number,
): WritePart => ({
  Update: {
    TableName: db.table,
    Key: creditNoteKey(organizationId, creditNoteId),
    UpdateExpression: 'ADD refunded_minor :back',
    ExpressionAttributeValues: { ':back': -amount },
  },
});
