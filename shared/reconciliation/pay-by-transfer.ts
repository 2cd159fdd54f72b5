// A transfer that pays invoices (docs/reconciliation.md "Matching"), on the one read-decide-commit
// frame: read the invoices it names, decide what it pays of each, and write in one transaction the
// booked transaction, each payment and invoice change (on the condition that the invoice is still as
// read) and their events. An invoice changed meanwhile is read and decided again; a transaction
// booked already (the same entry again, another worker) writes nothing.
import { newBankTransactionPart } from '#shared/data/bank-transactions';
import { RACED, readDecideCommit, unchanged } from '#shared/data/change';
import { eventParts } from '#shared/data/events';
import { changedInvoiceParts, getInvoices } from '#shared/data/invoices';
import { paymentPart } from '#shared/data/payments';
import { transact, type WritePart } from '#shared/data/table';
import type { BankTransaction, MatchRule } from '#shared/domain/bank-transaction';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { allocateTransfer } from '#shared/domain/transfer-matching';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { transferPayment } from '#shared/reconciliation/transfer-payment';

export type TransferPaid = 'matched' | 'booked_before' | 'nothing_payable';

export async function payByTransfer(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  named: ReadonlyMap<string, MatchRule>,
  rules: readonly MatchRule[],
  now = new Date(),
): Promise<TransferPaid> {
  const { db, publicBaseUrl } = deps;
  return readDecideCommit({
    subject: { resource: 'bank_transaction', id: transaction.id },
    read: () => getInvoices(db, organizationId, [...named.keys()]),
    decide: (invoices) => {
      const candidates = invoices.map((invoice) => ({ invoice, rule: named.get(invoice.id)! }));
      const { allocations, unapplied_minor } = allocateTransfer(
        transaction.amount_minor,
        transaction.currency,
        candidates,
        rules,
      );
      if (allocations.length === 0) return unchanged('nothing_payable' as const);
      const paid = allocations.map(({ invoice, amount_minor, rule }) =>
        transferPayment(transaction, invoice, amount_minor, rule, { now, publicBaseUrl }),
      );
      const matched: BankTransaction = {
        ...transaction,
        status: 'matched',
        needs_review: false,
        matches: paid.map((each) => each.match),
        ...(unapplied_minor > 0 ? { unapplied_minor } : {}),
      };
      return { paid, matched };
    },
    commit: async ({ paid, matched }): Promise<TransferPaid | typeof RACED> => {
      const parts: Record<string, WritePart | WritePart[]> = {};
      for (const [index, { invoice, before, payment }] of paid.entries()) {
        parts[`invoice${index}`] = changedInvoiceParts(db, organizationId, invoice, before);
        parts[`payment${index}`] = paymentPart(db, organizationId, payment);
      }
      const events = [
        ...paid.flatMap((each) => each.events),
        { type: 'bank_transaction.matched' as const, object: bankTransactionResource(matched) },
      ];
      const written = await transact(db, {
        ...parts,
        transaction: newBankTransactionPart(db, organizationId, matched),
        events: eventParts(db, organizationId, events, now),
      });
      if (written.ok) return 'matched';
      return written.everyFailed.includes('transaction') ? 'booked_before' : RACED;
    },
  });
}
