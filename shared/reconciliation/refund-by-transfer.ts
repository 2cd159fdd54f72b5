// A debit that pays a credit note back (docs/reconciliation.md "Refunds"): a booked outgoing transfer
// whose text names a credit note of this organization, in its currency, with at least the amount left
// to refund, records a `bank_transfer` refund on it. The refund, the invoice's change and the booked
// transaction are one transaction, so an entry booked before refunds nothing again.
import { newBankTransactionPart } from '#shared/data/bank-transactions';
import { unchanged } from '#shared/data/change';
import { getCreditNote } from '#shared/data/credit-notes';
import { eventParts } from '#shared/data/events';
import type { BankTransaction } from '#shared/domain/bank-transaction';
import { isRefusal, refund, settlementOf } from '#shared/domain/invoice-lifecycle';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { bookingDayOf } from '#shared/domain/transfer-matching';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { newRefund, refundChange } from '#shared/invoicing/record-refund';

export type TransferRefunded = 'refunded' | 'booked_before' | 'nothing_refundable';

export async function refundByTransfer(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  creditNoteId: string,
  now = new Date(),
): Promise<TransferRefunded> {
  const creditNote = await getCreditNote(deps.db, organizationId, creditNoteId);
  const left = creditNote ? creditNote.total_amount_minor - (creditNote.refunded_minor ?? 0) : 0;
  if (!creditNote || creditNote.currency !== transaction.currency || left < transaction.amount_minor)
    return 'nothing_refundable';
  const refunded = newRefund(
    creditNote,
    {
      amount_minor: transaction.amount_minor,
      method: 'bank_transfer',
      reference: transaction.bank_reference,
      refunded_at: `${bookingDayOf(transaction)}T00:00:00.000Z`,
    },
    now,
  );
  const matched: BankTransaction = {
    ...transaction,
    status: 'matched',
    needs_review: false,
    matches: [
      {
        invoice_id: creditNote.invoice_id,
        invoice_number: creditNote.invoice_number,
        amount_minor: transaction.amount_minor,
        rule: 'refund',
        refund_id: refunded.id,
        credit_note_id: creditNote.id,
        credit_note_number: creditNote.credit_note_number,
      },
    ],
  };
  const alongside = {
    transaction: newBankTransactionPart(deps.db, organizationId, matched),
    transaction_events: eventParts(
      deps.db,
      organizationId,
      [{ type: 'bank_transaction.matched', object: bankTransactionResource(matched) }],
      now,
    ),
  };
  const decide = refundChange(deps.db, organizationId, creditNote, refunded, alongside);
  const result = await changeInvoice(
    deps,
    organizationId,
    creditNote.invoice_id,
    // The invoice owes back less than the debit (another refund meanwhile): the debit is left for a person.
    (current) =>
      isRefusal(refund(settlementOf(current), refunded.amount_minor)) ? unchanged('refused' as const) : decide(current),
    now,
  );
  if (result === 'refused') return 'nothing_refundable';
  if (result.ok) return 'refunded';
  return result.failed === 'transaction' ? 'booked_before' : 'nothing_refundable';
}
