// Booking one statement entry (docs/reconciliation.md "Matching"): a booked credit that names a
// payment reference of an open invoice in its currency pays it, in the one transaction that books
// the entry, records the payment and announces both; anything else is booked unmatched. An entry
// booked before (this file again, an overlapping statement) changes nothing.
import { bookBankTransaction, getBankTransaction, newBankTransactionPart } from '#shared/data/bank-transactions';
import { eventParts } from '#shared/data/events';
import { getInvoice } from '#shared/data/invoices';
import { invoiceOfReference } from '#shared/data/payment-references';
import type { BankTransaction } from '#shared/domain/bank-transaction';
import { DomainError } from '#shared/domain/errors';
import type { Invoice } from '#shared/domain/invoice';
import { amountDue, settlementOf } from '#shared/domain/invoice-lifecycle';
import { referencesIn } from '#shared/domain/payment-reference';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { PaymentAlreadyRecordedError, recordPayment } from '#shared/invoicing/record-payment';

export type Booking = { booked: true; matched: boolean } | { booked: false; by: string };

const PAYABLE = new Set(['sent', 'partially_paid', 'overdue']);

/** The open invoice, in the transfer's currency, whose reference the transfer names first by due date. */
async function referencedInvoice(deps: InvoicingDeps, organizationId: string, transaction: BankTransaction) {
  if (transaction.direction !== 'credit' || transaction.reversal || !transaction.booked) return undefined;
  const references = referencesIn([...transaction.structured_references, transaction.remittance_text]);
  const ids = new Set<string>();
  for (const reference of references) {
    const id = await invoiceOfReference(deps.db, organizationId, reference);
    if (id) ids.add(id);
  }
  const invoices = await Promise.all([...ids].map((id) => getInvoice(deps.db, organizationId, id)));
  const open = invoices.filter(
    (invoice): invoice is Invoice =>
      !!invoice &&
      PAYABLE.has(invoice.status) &&
      invoice.currency === transaction.currency &&
      amountDue(settlementOf(invoice)) > 0,
  );
  return open.sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
}

export async function bookTransfer(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  now = new Date(),
): Promise<Booking> {
  const invoice = await referencedInvoice(deps, organizationId, transaction);
  if (invoice) {
    const amount = Math.min(amountDue(settlementOf(invoice)), transaction.amount_minor);
    try {
      await recordPayment(
        deps,
        organizationId,
        invoice.id,
        {
          amount_minor: amount,
          paid_at: `${transaction.booking_date ?? now.toISOString().slice(0, 10)}T00:00:00.000Z`,
          method: 'bank_transfer',
          reference: transaction.bank_reference,
          provider: 'bank',
          provider_event_id: transaction.id,
        },
        now,
        (payment) => {
          const matched: BankTransaction = {
            ...transaction,
            status: 'matched',
            needs_review: false,
            matches: [
              {
                invoice_id: invoice.id,
                invoice_number: invoice.invoice_number,
                payment_id: payment.id,
                amount_minor: amount,
                rule: 'structured_reference',
              },
            ],
            ...(transaction.amount_minor > amount ? { unapplied_minor: transaction.amount_minor - amount } : {}),
          };
          const event = { type: 'bank_transaction.matched' as const, object: bankTransactionResource(matched) };
          return [
            newBankTransactionPart(deps.db, organizationId, matched),
            ...eventParts(deps.db, organizationId, [event], now),
          ];
        },
      );
      return { booked: true, matched: true };
    } catch (error) {
      if (error instanceof PaymentAlreadyRecordedError) {
        const held = await getBankTransaction(deps.db, organizationId, transaction.id);
        return { booked: false, by: held?.statement ?? '' };
      }
      // The invoice moved on meanwhile (paid, voided): the transfer waits for a person.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  // A credit left unmatched is announced, so that a person can match it by hand.
  const review = transaction.needs_review
    ? [{ type: 'bank_transaction.needs_review' as const, object: bankTransactionResource(transaction) }]
    : [];
  const outcome = await bookBankTransaction(deps.db, organizationId, transaction, review);
  return outcome.booked ? { booked: true, matched: false } : outcome;
}
