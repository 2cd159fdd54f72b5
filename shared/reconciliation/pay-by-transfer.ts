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
import type { NewEvent } from '#shared/domain/events';
import { newId } from '#shared/domain/ids';
import type { Invoice } from '#shared/domain/invoice';
import { isRefusal, pay, settlementOf } from '#shared/domain/invoice-lifecycle';
import type { Payment } from '#shared/domain/payment';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { paymentResource } from '#shared/domain/resources/payment';
import { type Allocation, allocateTransfer } from '#shared/domain/transfer-matching';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type TransferPaid = 'matched' | 'booked_before' | 'nothing_payable';

/** The payment of one allocation and the invoice as it leaves it. */
function paid(transaction: BankTransaction, { invoice, amount_minor }: Allocation, now: Date) {
  const next = pay(settlementOf(invoice), amount_minor);
  if (isRefusal(next)) throw new Error(`an allocation the invoice refuses: ${next.refused}`);
  const payment: Payment = {
    id: newId('pay', now.getTime()),
    invoice_id: invoice.id,
    amount_minor,
    currency: invoice.currency,
    paid_at: `${transaction.booking_date ?? now.toISOString().slice(0, 10)}T00:00:00.000Z`,
    method: 'bank_transfer',
    reference: transaction.bank_reference,
    provider: 'bank',
    provider_event_id: transaction.id,
    created_at: now.toISOString(),
  };
  const changed: Invoice = {
    ...invoice,
    status: next.status,
    amount_paid_minor: next.paid_minor,
    ...(next.settled ? { paid_at: payment.paid_at } : {}),
    updated_at: now.toISOString(),
    version: invoice.version + 1,
  };
  return { payment, changed, settled: next.settled };
}

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
      const decided = allocateTransfer(transaction.amount_minor, transaction.currency, candidates, rules);
      return decided.allocations.length === 0 ? unchanged('nothing_payable' as const) : decided;
    },
    commit: async ({ allocations, unapplied_minor }): Promise<TransferPaid | typeof RACED> => {
      const parts: Record<string, WritePart | WritePart[]> = {};
      const events: NewEvent[] = [];
      const matches = allocations.map((allocation, index) => {
        const { payment, changed, settled } = paid(transaction, allocation, now);
        parts[`invoice${index}`] = changedInvoiceParts(db, organizationId, changed, allocation.invoice);
        parts[`payment${index}`] = paymentPart(db, organizationId, payment);
        const object = invoiceResource(changed, publicBaseUrl);
        const more = { payment: paymentResource(payment) };
        events.push({ type: 'payment.received', object, more });
        if (settled) events.push({ type: 'invoice.paid', object, more });
        const { id, invoice_number } = allocation.invoice;
        return {
          invoice_id: id,
          invoice_number,
          payment_id: payment.id,
          amount_minor: allocation.amount_minor,
          rule: allocation.rule,
        };
      });
      const matched: BankTransaction = {
        ...transaction,
        status: 'matched',
        needs_review: false,
        matches,
        ...(unapplied_minor > 0 ? { unapplied_minor } : {}),
      };
      events.push({ type: 'bank_transaction.matched', object: bankTransactionResource(matched) });
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
