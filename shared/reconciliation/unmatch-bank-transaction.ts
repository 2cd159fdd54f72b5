// A person undoes a transfer's match (docs/reconciliation.md "By hand"): every payment it made is
// taken back — kept listed with `reversed_at`, the invoice owing it again — and the transaction is
// unmatched and set for review, in one transaction on the frame's retry policy. Twice is 409, and so
// is a debit matched as a refund: the statement shows the money gone.
import { changedBankTransactionPart, getBankTransaction } from '#shared/data/bank-transactions';
import { existing, RACED, readDecideCommit } from '#shared/data/change';
import { eventParts } from '#shared/data/events';
import { changedInvoiceParts, getInvoices } from '#shared/data/invoices';
import { paymentPart, paymentsWithIds } from '#shared/data/payments';
import { transact, type WritePart } from '#shared/data/table';
import { type BankTransaction, paymentMatches } from '#shared/domain/bank-transaction';
import { invalidState } from '#shared/domain/errors';
import type { Invoice } from '#shared/domain/invoice';
import type { Payment } from '#shared/domain/payment';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { transferReversal } from '#shared/reconciliation/transfer-payment';

async function matchedWithPayments(deps: InvoicingDeps, organizationId: string, transactionId: string) {
  const transaction = await existing(getBankTransaction(deps.db, organizationId, transactionId), 'Bank transaction');
  const matches = paymentMatches(transaction.matches);
  const [invoices, payments] = await Promise.all([
    getInvoices(deps.db, organizationId, [...new Set(matches.map((match) => match.invoice_id))]),
    paymentsWithIds(deps.db, organizationId, matches),
  ]);
  return { transaction, invoices, payments };
}

export async function unmatchBankTransaction(
  deps: InvoicingDeps,
  organizationId: string,
  transactionId: string,
  now = new Date(),
): Promise<BankTransaction> {
  const { db, publicBaseUrl } = deps;
  return readDecideCommit({
    subject: { resource: 'bank_transaction', id: transactionId },
    read: () => matchedWithPayments(deps, organizationId, transactionId),
    decide: ({ transaction, invoices, payments }) => {
      if (transaction.status !== 'matched') throw invalidState('The transaction is not matched');
      if (transaction.direction === 'debit')
        throw invalidState('A refund seen on the statement is not undone here: the money has left the account');
      const before = new Map(invoices.map((invoice) => [invoice.id, invoice]));
      const after = new Map(before);
      const reversed: Payment[] = [];
      const events = [];
      for (const payment of payments.filter((each) => !each.reversed_at)) {
        const taken = transferReversal(after.get(payment.invoice_id)!, payment, { now, publicBaseUrl });
        // Several payments of one invoice: each is taken from the invoice as the one before left it.
        after.set(payment.invoice_id, { ...taken.invoice, version: before.get(payment.invoice_id)!.version + 1 });
        reversed.push(taken.payment);
        events.push(...taken.events);
      }
      const unmatched: BankTransaction = {
        ...transaction,
        status: 'unmatched',
        needs_review: true,
        matches: [],
        unapplied_minor: 0,
        version: transaction.version + 1,
      };
      events.push({ type: 'bank_transaction.unmatched' as const, object: bankTransactionResource(unmatched) });
      return { unmatched, reversed, changed: [...after.values()], before, events };
    },
    commit: async ({ unmatched, reversed, changed, before, events }, { transaction }) => {
      const parts: Record<string, WritePart | WritePart[]> = {};
      for (const [index, invoice] of changed.entries())
        parts[`invoice${index}`] = changedInvoiceParts(db, organizationId, invoice, before.get(invoice.id) as Invoice);
      for (const [index, payment] of reversed.entries())
        parts[`payment${index}`] = paymentPart(db, organizationId, payment);
      const written = await transact(db, {
        ...parts,
        transaction: changedBankTransactionPart(db, organizationId, unmatched, transaction),
        events: eventParts(db, organizationId, events, now),
      });
      return written.ok ? unmatched : RACED;
    },
  });
}
