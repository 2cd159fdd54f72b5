// A refund on a credit note, recorded as the invoice's change (its version orders refunds, so
// together they never pay back more than was paid) with the refund, the credit note's refunded
// amount and the refund's events.
import { creditNoteRefundPart, getCreditNote } from '#shared/data/credit-notes';
import { refundPart } from '#shared/data/refunds';
import { notFound, validationError } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import { isRefusal, refund as refundOf, refusalError, settlementOf } from '#shared/domain/invoice-lifecycle';
import type { CreditNote } from '#shared/domain/credit-note';
import type { EventType } from '#shared/domain/events';
import type { Invoice } from '#shared/domain/invoice';
import type { Db, WriteParts } from '#shared/data/table';
import type { Refund } from '#shared/domain/refund';
import { refundResource } from '#shared/domain/resources/refund';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type NewRefund = Pick<Refund, 'amount_minor' | 'method' | 'reference' | 'refunded_at'> & {
  currency?: string;
  /** Who pays it back; absent: by hand. */
  provider?: Refund['provider'];
};

const tooMuch = () => validationError({ amount: 'is more than is left to refund on the credit note' });

/** The refund of `input` on the credit note, refused when it is more than is left to refund. */
export function newRefund(creditNote: CreditNote, input: NewRefund, now: Date): Refund {
  if (input.currency && input.currency !== creditNote.currency)
    throw validationError({ currency: `must be the credit note's currency, ${creditNote.currency}` });
  if (input.amount_minor > creditNote.total_amount_minor - (creditNote.refunded_minor ?? 0)) throw tooMuch();
  return {
    id: newId('ref', now.getTime()),
    credit_note_id: creditNote.id,
    invoice_id: creditNote.invoice_id,
    amount_minor: input.amount_minor,
    currency: creditNote.currency,
    method: input.method,
    ...(input.reference ? { reference: input.reference } : {}),
    refunded_at: input.refunded_at,
    provider: input.provider ?? 'manual',
    // Paid back by hand (or seen on the bank statement) means already paid; through a provider, pending until it confirms.
    status: (input.provider ?? 'manual') === 'manual' ? 'succeeded' : 'pending',
    created_at: now.toISOString(),
  };
}

/** The invoice's change that records the refund, with `alongside` in the same transaction. */
export const refundChange =
  <Part extends string = never>(
    db: Db,
    organizationId: string,
    creditNote: CreditNote,
    refund: Refund,
    alongside?: WriteParts<Part>,
  ) =>
  (current: Invoice) => {
    const next = refundOf(settlementOf(current), refund.amount_minor);
    if (isRefusal(next)) throw refusalError(next);
    return {
      invoice: { ...current, amount_refunded_minor: next.refunded_minor },
      events: (refund.status === 'succeeded'
        ? ['refund.created', 'refund.succeeded']
        : ['refund.created']) as EventType[],
      eventData: { refund: refundResource(refund) },
      parts: {
        ...alongside,
        refund: refundPart(db, organizationId, refund),
        credit_note: creditNoteRefundPart(db, organizationId, creditNote, refund.amount_minor),
      } as WriteParts<Part | 'refund' | 'credit_note'>,
    };
  };

export async function recordRefund(
  deps: InvoicingDeps,
  organizationId: string,
  creditNoteId: string,
  input: NewRefund,
  now = new Date(),
): Promise<{ refund: Refund; invoice: Invoice }> {
  const creditNote = await getCreditNote(deps.db, organizationId, creditNoteId);
  if (!creditNote) throw notFound('Credit note');
  const refund = newRefund(creditNote, input, now);
  const result = await changeInvoice(
    deps,
    organizationId,
    creditNote.invoice_id,
    refundChange(deps.db, organizationId, creditNote, refund),
    now,
  );
  if (!result.ok) throw tooMuch();
  return { refund, invoice: result.invoice };
}
