// Credit note storage. Issuing one is the invoice's change (its version guards what is left to credit,
// so concurrent credits never take more than there is) written together with the credit note, the
// claim of its number from the organization's credit-note series, its public token and its events.
import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { query, type CorrelatedDb, type Db } from '#shared/data/table';
import { ChangeConflictError, changeInvoice, invoiceWithOrganization } from '#shared/data/invoices';
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
import {
  allocateNumber,
  MAX_TEXT_COLLISIONS,
  numberClaim,
  printedNumberClaim,
  voidNumber,
  type Allocated,
} from '#shared/data/number-series';
import { outboxPut } from '#shared/data/events';
import {
  creditBreakdown,
  creditedLines,
  creditLines,
  type CreditNote,
  type CreditReason,
  type CreditRequest,
} from '#shared/domain/credit-note';
import { dateIn } from '#shared/domain/dates';
import { DomainError, notFound, validationError } from '#shared/domain/errors';
import { newCapabilityToken, newId } from '#shared/domain/ids';
import { credit, isRefusal, settlementOf } from '#shared/domain/invoice-lifecycle';
import { sellerOf, type Invoice } from '#shared/domain/invoice';
import {
  creditNoteNumberingOf,
  CREDIT_NOTE_SERIES,
  formatNumber,
  seriesFor,
  VOID_REASON,
} from '#shared/domain/numbering';
import { timeZoneOf } from '#shared/domain/organization';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { refusal } from '#shared/data/invoice-lifecycle';

export type NewCreditNote = {
  request: CreditRequest;
  reason: CreditReason;
  memo?: string;
  currency?: string;
};

/** Why a credit is refused, checked before a number is taken and again in the invoice's change. */
function decideCredit(invoice: Invoice, draft: NewCreditNote) {
  if (draft.currency && draft.currency !== invoice.currency)
    throw validationError({ currency: `must be the invoice's currency, ${invoice.currency}` });
  const credited = creditLines(invoice, draft.request);
  const next = credit(settlementOf(invoice), credited.total_minor);
  if (isRefusal(next)) throw refusal(next);
  return { credited, next };
}

export async function createCreditNote(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  draft: NewCreditNote,
  publicBaseUrl: string,
  now = new Date(),
): Promise<{ creditNote: CreditNote; invoice: Invoice }> {
  const found = await invoiceWithOrganization(db, organizationId, invoiceId);
  if (!found) throw notFound('Invoice');
  decideCredit(found.invoice, draft);
  const { organization } = found;
  const issueDate = dateIn(timeZoneOf(organization), now);
  const format = creditNoteNumberingOf(organization);
  const series = seriesFor(format, issueDate, CREDIT_NOTE_SERIES);
  // As for invoices: a number whose printed form an earlier format already gave is voided, and the next taken.
  for (let taken = 0; ; taken++) {
    const allocated: Allocated = await allocateNumber(db, organizationId, series, format, now);
    const written = await writeCreditNote(
      db,
      organizationId,
      invoiceId,
      { draft, allocated, issueDate, organization },
      publicBaseUrl,
      now,
    );
    if (written !== 'text taken') return written;
    await voidNumber(db, organizationId, allocated, VOID_REASON.textTaken, now);
    if (taken >= MAX_TEXT_COLLISIONS)
      throw new Error(`credit note of ${invoiceId}: ${taken + 1} printed numbers taken`);
  }
}

/** Where the claim of the printed number stands among the items the invoice's change writes. */
const TEXT_CLAIM = 2;

/** The credit note, its number's claims and the invoice's change in one transaction; the number is voided when it is not used. */
async function writeCreditNote(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  {
    draft,
    allocated,
    issueDate,
    organization,
  }: { draft: NewCreditNote; allocated: Allocated; issueDate: string; organization: Organization },
  publicBaseUrl: string,
  now: Date,
): Promise<{ creditNote: CreditNote; invoice: Invoice } | 'text taken'> {
  const format = { pattern: allocated.pattern, padding: allocated.padding };
  let creditNote!: CreditNote;
  try {
    const invoice = await changeInvoice(
      db,
      organizationId,
      invoiceId,
      (current) => {
        const { credited, next } = decideCredit(current, draft);
        creditNote = {
          id: newId('cn', now.getTime()),
          credit_note_number: formatNumber(format, allocated.number, issueDate.slice(0, 4)),
          invoice_id: current.id,
          invoice_number: current.invoice_number,
          invoice_issue_date: current.issue_date,
          invoice_due_date: current.due_date,
          ...(current.supply_date ? { supply_date: current.supply_date } : {}),
          ...(current.service_period ? { service_period: current.service_period } : {}),
          ...(current.buyer_reference ? { buyer_reference: current.buyer_reference } : {}),
          ...(current.purchase_order ? { purchase_order: current.purchase_order } : {}),
          client_id: current.client_id,
          client_name: current.client_name,
          currency: current.currency,
          issue_date: issueDate,
          reason: draft.reason,
          ...(draft.memo ? { memo: draft.memo } : {}),
          line_items: credited.line_items,
          tax_breakdown: creditBreakdown(current, credited.line_items),
          subtotal_minor: credited.line_items.reduce((sum, line) => sum + line.net_minor, 0),
          tax_amount_minor: credited.line_items.reduce((sum, line) => sum + line.tax_minor, 0),
          total_amount_minor: credited.total_minor,
          locale: current.locale,
          seller: current.seller ?? sellerOf(organization),
          ...(current.buyer ? { buyer: current.buyer } : {}),
          public_token: newCapabilityToken(),
          created_at: now.toISOString(),
        };
        return {
          invoice: {
            ...current,
            status: next.status,
            amount_credited_minor: next.credited_minor,
            line_items: creditedLines(current, credited.applied),
            credit_notes: [...(current.credit_notes ?? []), creditNote.id],
          },
          events: next.settled ? ['invoice.credited'] : [],
          items: [
            {
              Put: {
                TableName: db.table,
                Item: creditNoteItem(organizationId, creditNote),
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            numberClaim(db.table, organizationId, allocated, creditNote.id, now),
            printedNumberClaim(db.table, organizationId, {
              kind: 'credit_note',
              id: creditNote.id,
              text: creditNote.credit_note_number,
            }),
            {
              Put: {
                TableName: db.table,
                Item: {
                  ...publicTokenKey(creditNote.public_token),
                  type: 'public_token',
                  organization_id: organizationId,
                  credit_note_id: creditNote.id,
                },
              },
            },
            outboxPut(db, organizationId, 'credit_note.created', creditNoteResource(creditNote, publicBaseUrl), now),
          ],
        };
      },
      publicBaseUrl,
      now,
    );
    return { creditNote, invoice };
  } catch (error) {
    if (error instanceof ChangeConflictError && error.itemIndex === TEXT_CLAIM) return 'text taken';
    // The number was taken for this credit note: it is voided with the reason it was not used.
    const reason =
      error instanceof DomainError
        ? `the credit note was refused after its number was taken: ${error.message}`
        : 'the document could not be written';
    await voidNumber(db, organizationId, allocated, reason, now);
    throw error;
  }
}

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

export type CreditNoteFilter = { invoiceId?: string; clientId?: string; issueDateFrom?: string; issueDateTo?: string };

/** Newest issue date first; the invoice and client are filters on the organization's credit notes. */
export async function listCreditNotes(
  db: Db,
  organizationId: string,
  filter: CreditNoteFilter,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: CreditNote[]; position?: Record<string, unknown> }> {
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

/** Records one e-mail of the credit note, with its `credit_note.sent` event, in one transaction. */
export async function recordCreditNoteSending(
  db: CorrelatedDb,
  organizationId: string,
  creditNote: CreditNote,
  sending: { to: string; sent_at: string; message_id: string },
  publicBaseUrl: string,
  now = new Date(),
): Promise<CreditNote> {
  const sent = { ...creditNote, sendings: [...(creditNote.sendings ?? []), sending] };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: db.table,
            Key: creditNoteKey(organizationId, creditNote.id),
            UpdateExpression: 'SET sendings = list_append(if_not_exists(sendings, :none), :sending)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':none': [], ':sending': [sending] },
          },
        },
        outboxPut(db, organizationId, 'credit_note.sent', creditNoteResource(sent, publicBaseUrl), now),
      ],
    }),
  );
  return sent;
}
