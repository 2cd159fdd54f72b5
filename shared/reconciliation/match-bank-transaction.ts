// A person matches a transfer to an invoice (docs/reconciliation.md "By hand"): what is left of an
// incoming transfer pays the invoice, up to its amount due, written with the transaction's change in
// one transaction on the frame's retry policy. The payer's IBAN is learnt for the amount rule.
import { changedBankTransactionPart, getBankTransaction } from '#shared/data/bank-transactions';
import { existing, RACED, readDecideCommit } from '#shared/data/change';
import { counterpartyIbanPart } from '#shared/data/counterparties';
import { eventParts } from '#shared/data/events';
import { changedInvoiceParts, getInvoice } from '#shared/data/invoices';
import { paymentPart } from '#shared/data/payments';
import { transact } from '#shared/data/table';
import type { BankTransaction } from '#shared/domain/bank-transaction';
import { invalidState, validationError } from '#shared/domain/errors';
import { formatMinor } from '#shared/domain/decimal';
import { amountDue, settlementOf } from '#shared/domain/invoice-lifecycle';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { canPay } from '#shared/domain/transfer-matching';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { transferPayment } from '#shared/reconciliation/transfer-payment';

/** What of the transfer no match has taken yet. */
export const leftToApply = (transaction: BankTransaction) =>
  transaction.amount_minor - (transaction.matches ?? []).reduce((sum, match) => sum + match.amount_minor, 0);

export async function matchBankTransaction(
  { db, publicBaseUrl }: InvoicingDeps,
  organizationId: string,
  transactionId: string,
  input: { invoice_id: string; amount_minor?: number },
  now = new Date(),
): Promise<BankTransaction> {
  return readDecideCommit({
    subject: { resource: 'bank_transaction', id: transactionId },
    read: async () => {
      const [transaction, invoice] = await Promise.all([
        existing(getBankTransaction(db, organizationId, transactionId), 'Bank transaction'),
        existing(getInvoice(db, organizationId, input.invoice_id), 'Invoice'),
      ]);
      return { transaction, invoice };
    },
    decide: ({ transaction, invoice }) => {
      if (!canPay(transaction))
        throw invalidState('Only a booked incoming transfer that is not a reversal can pay an invoice');
      const left = leftToApply(transaction);
      if (left === 0) throw invalidState('The transaction is applied in full');
      if (invoice.currency !== transaction.currency)
        throw validationError({ invoice: `must be in the transaction's currency, ${transaction.currency}` });
      const amount = input.amount_minor ?? Math.min(left, amountDue(settlementOf(invoice)));
      if (amount > left)
        throw validationError({ amount: `is more than the transaction has left, ${formatMinor(left)}` });
      const paid = transferPayment(transaction, invoice, amount, 'manual', { now, publicBaseUrl });
      const matched: BankTransaction = {
        ...transaction,
        status: 'matched',
        needs_review: false,
        matches: [...(transaction.matches ?? []), paid.match],
        unapplied_minor: left - amount,
        suggestions: [],
        version: transaction.version + 1,
      };
      return { paid, matched };
    },
    commit: async ({ paid, matched }, { transaction, invoice }) => {
      const payer = transaction.counterparty_iban;
      const events = [
        ...paid.events,
        { type: 'bank_transaction.matched' as const, object: bankTransactionResource(matched) },
      ];
      const written = await transact(db, {
        transaction: changedBankTransactionPart(db, organizationId, matched, transaction),
        invoice: changedInvoiceParts(db, organizationId, paid.invoice, paid.before),
        payment: paymentPart(db, organizationId, paid.payment),
        events: eventParts(db, organizationId, events, now),
        ...(payer ? { payer: counterpartyIbanPart(db, organizationId, payer, invoice.client_id) } : {}),
      });
      return written.ok ? matched : RACED;
    },
  });
}
