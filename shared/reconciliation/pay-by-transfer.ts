// A transfer that pays invoices (docs/reconciliation.md "Matching"), on the one read-decide-commit
// frame: read the invoices it names, decide what it pays of each, and write in one transaction the
// booked transaction, each payment and invoice change (on the condition that the invoice is still as
// read) and their events. An invoice changed meanwhile is read and decided again; a transaction
// booked already (the same entry again, another worker) writes nothing. A transfer from an IBAN
// teaches the amount rule whose client that IBAN pays for.
import { newBankTransactionPart } from '#shared/data/bank-transactions';
import { RACED, readDecideCommit, unchanged } from '#shared/data/change';
import { counterpartyIbanPart } from '#shared/data/counterparties';
import { eventParts } from '#shared/data/events';
import { changedInvoiceParts, getInvoices } from '#shared/data/invoices';
import { paymentPart } from '#shared/data/payments';
import { transact, type WritePart } from '#shared/data/table';
import type { BankTransaction, MatchRule } from '#shared/domain/bank-transaction';
import type { Invoice } from '#shared/domain/invoice';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { allocateTransfer } from '#shared/domain/transfer-matching';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { transferPayment } from '#shared/reconciliation/transfer-payment';

/** Matched; booked before by another import; or nothing it names can take it (the invoices as read). */
export type TransferPaid = { paid: 'matched' | 'booked_before' } | { paid: 'nothing_payable'; invoices: Invoice[] };

export async function payByTransfer(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  named: ReadonlyMap<string, MatchRule>,
  { rules, read: firstRead, now = new Date() }: { rules: readonly MatchRule[]; read?: Invoice[]; now?: Date },
): Promise<TransferPaid> {
  const { db, publicBaseUrl } = deps;
  // The invoices as the caller read them serve the first attempt; a lost race reads them again.
  let preread = firstRead;
  return readDecideCommit({
    subject: { resource: 'bank_transaction', id: transaction.id },
    read: async () => {
      const invoices = preread ?? (await getInvoices(db, organizationId, [...named.keys()]));
      preread = undefined;
      return invoices;
    },
    decide: (invoices) => {
      const candidates = invoices.map((invoice) => ({ invoice, rule: named.get(invoice.id)! }));
      const { allocations, unapplied_minor } = allocateTransfer(
        transaction.amount_minor,
        transaction.currency,
        candidates,
        rules,
      );
      if (allocations.length === 0) return unchanged<TransferPaid>({ paid: 'nothing_payable', invoices });
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
      const payer = transaction.counterparty_iban;
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
        ...(payer ? { payer: counterpartyIbanPart(db, organizationId, payer, paid[0]!.invoice.client_id) } : {}),
      });
      if (written.ok) return { paid: 'matched' };
      return written.everyFailed.includes('transaction') ? { paid: 'booked_before' } : RACED;
    },
  });
}
