// A credit note against an issued invoice: the invoice's change (its version guards what is left to
// credit, so concurrent credits never take more than there is) written together with the note, the
// claims of its number from the organization's credit-note series, its public token and its events.
import { newCreditNoteParts } from '#shared/data/credit-notes';
import { eventParts } from '#shared/data/events';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { allocateNumber, MAX_TEXT_COLLISIONS, voidNumber, type Allocated } from '#shared/data/number-series';
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
import { credit, isRefusal, refusalError, settlementOf } from '#shared/domain/invoice-lifecycle';
import { sellerOf, type Invoice } from '#shared/domain/invoice';
import {
  creditNoteNumberingOf,
  CREDIT_NOTE_SERIES,
  formatNumber,
  seriesFor,
  VOID_REASON,
} from '#shared/domain/numbering';
import { timeZoneOf, type Organization } from '#shared/domain/organization';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { DocumentFileDeps } from '#shared/archive/document-file';
import { archiveDue } from '#shared/archive/archive-due';
import { archiveDuePart } from '#shared/data/archive-due';
import { assertNotDeducted } from '#shared/domain/quote-conversion';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import type { Metadata } from '#shared/domain/metadata';

export type NewCreditNote = {
  request: CreditRequest;
  reason: CreditReason;
  memo?: string;
  currency?: string;
  metadata?: Metadata;
};

/** Why a credit is refused, checked before a number is taken and again in the invoice's change. */
function decideCredit(invoice: Invoice, draft: NewCreditNote) {
  assertNotDeducted(invoice);
  if (draft.currency && draft.currency !== invoice.currency)
    throw validationError({ currency: `must be the invoice's currency, ${invoice.currency}` });
  const credited = creditLines(invoice, draft.request);
  const next = credit(settlementOf(invoice), credited.total_minor);
  if (isRefusal(next)) throw refusalError(next);
  return { credited, next };
}

type Numbered = { draft: NewCreditNote; allocated: Allocated; issueDate: string; organization: Organization };

/** The credit note of `invoice` as credited now, numbered with `allocated`. */
function creditNoteOf(invoice: Invoice, { draft, allocated, issueDate, organization }: Numbered, now: Date) {
  const { credited, next } = decideCredit(invoice, draft);
  const format = { pattern: allocated.pattern, padding: allocated.padding };
  const creditNote: CreditNote = {
    id: newId('cn', now.getTime()),
    credit_note_number: formatNumber(format, allocated.number, issueDate.slice(0, 4)),
    invoice_id: invoice.id,
    invoice_number: invoice.invoice_number,
    invoice_issue_date: invoice.issue_date,
    invoice_due_date: invoice.due_date,
    ...(invoice.supply_date ? { supply_date: invoice.supply_date } : {}),
    ...(invoice.service_period ? { service_period: invoice.service_period } : {}),
    ...(invoice.buyer_reference ? { buyer_reference: invoice.buyer_reference } : {}),
    ...(invoice.purchase_order ? { purchase_order: invoice.purchase_order } : {}),
    client_id: invoice.client_id,
    client_name: invoice.client_name,
    currency: invoice.currency,
    issue_date: issueDate,
    reason: draft.reason,
    ...(draft.memo ? { memo: draft.memo } : {}),
    ...(draft.metadata ? { metadata: draft.metadata } : {}),
    line_items: credited.line_items,
    tax_breakdown: creditBreakdown(invoice, credited.line_items),
    subtotal_minor: credited.line_items.reduce((sum, line) => sum + line.net_minor, 0),
    tax_amount_minor: credited.line_items.reduce((sum, line) => sum + line.tax_minor, 0),
    total_amount_minor: credited.total_minor,
    locale: invoice.locale,
    seller: invoice.seller ?? sellerOf(organization),
    ...(invoice.buyer ? { buyer: invoice.buyer } : {}),
    // A credit note converts at its invoice's rate.
    ...(invoice.accounting_currency && invoice.exchange_rate
      ? { accounting_currency: invoice.accounting_currency, exchange_rate: invoice.exchange_rate }
      : {}),
    public_token: newCapabilityToken(),
    created_at: now.toISOString(),
  };
  return { creditNote, credited, next };
}

/** The note and the invoice's change in one transaction; 'text taken' when its printed number is. */
async function writeCreditNote(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  numbered: Numbered,
  now: Date,
) {
  const { db, publicBaseUrl } = deps;
  let creditNote!: CreditNote;
  const result = await changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      const made = creditNoteOf(current, numbered, now);
      creditNote = made.creditNote;
      const event = { type: 'credit_note.created' as const, object: creditNoteResource(creditNote, publicBaseUrl) };
      return {
        invoice: {
          ...current,
          status: made.next.status,
          amount_credited_minor: made.next.credited_minor,
          line_items: creditedLines(current, made.credited.applied),
          credit_notes: [...(current.credit_notes ?? []), creditNote.id],
        },
        events: made.next.settled ? ['invoice.credited'] : [],
        parts: {
          ...newCreditNoteParts(db, organizationId, creditNote, numbered.allocated, now),
          credit_note_event: eventParts(db, organizationId, [event], now),
          // The archive's outbox: its files are due from the moment it is issued (docs/archive.md).
          archive_due: archiveDuePart(db, {
            organizationId,
            type: 'credit_note',
            id: creditNote.id,
            dueAt: now.toISOString(),
          }),
        },
      };
    },
    now,
  );
  if (result.ok) return { creditNote, invoice: result.invoice };
  if (result.failed === 'printed_number') return 'text taken' as const;
  throw new Error(`credit note ${creditNote.credit_note_number} could not be written: ${result.failed} refused`);
}

export async function createCreditNote(
  deps: InvoicingDeps & DocumentFileDeps,
  organizationId: string,
  invoiceId: string,
  draft: NewCreditNote,
  now = new Date(),
): Promise<{ creditNote: CreditNote; invoice: Invoice }> {
  const { db } = deps;
  const found = await invoiceWithOrganization(db, organizationId, invoiceId);
  if (!found) throw notFound('Invoice');
  decideCredit(found.invoice, draft);
  const { organization } = found;
  const issueDate = dateIn(timeZoneOf(organization), now);
  const format = creditNoteNumberingOf(organization);
  const series = seriesFor(format, issueDate, CREDIT_NOTE_SERIES);
  // As for invoices: a number whose printed form an earlier format already gave is voided, and the next taken.
  for (let taken = 0; ; taken++) {
    const allocated = await allocateNumber(db, organizationId, series, format, now);
    const numbered = { draft, allocated, issueDate, organization };
    const written = await writeCreditNote(deps, organizationId, invoiceId, numbered, now).catch(async (error) => {
      // The number was taken for this credit note: it is voided with the reason it was not used.
      const reason =
        error instanceof DomainError
          ? `the credit note was refused after its number was taken: ${error.message}`
          : 'the document could not be written';
      await voidNumber(db, organizationId, allocated, reason, now);
      throw error;
    });
    if (written !== 'text taken') {
      // Its files are archived now; should this fail or the process end first, the archive sweeper does it.
      const due = { organizationId, type: 'credit_note' as const, id: written.creditNote.id, dueAt: now.toISOString() };
      await archiveDue(deps, due, now).catch(() => undefined);
      return written;
    }
    await voidNumber(db, organizationId, allocated, VOID_REASON.textTaken, now);
    if (taken >= MAX_TEXT_COLLISIONS)
      throw new Error(`credit note of ${invoiceId}: ${taken + 1} printed numbers taken`);
  }
}
