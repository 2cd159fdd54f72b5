// What a bank transfer does to one invoice, matched or unmatched (docs/reconciliation.md): the
// payment it makes and the invoice as it leaves it, or that payment taken back; each with the events
// the transaction that writes it carries. Pure: the callers read, decide and commit.
import type { BankTransaction, MatchRule, TransactionMatch } from '#shared/domain/bank-transaction';
import type { NewEvent } from '#shared/domain/events';
import { newId } from '#shared/domain/ids';
import type { Invoice } from '#shared/domain/invoice';
import { isRefusal, pay, refusalError, settlementOf, unpay } from '#shared/domain/invoice-lifecycle';
import type { Payment } from '#shared/domain/payment';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { paymentResource } from '#shared/domain/resources/payment';

export type InvoicePaid = {
  payment: Payment;
  invoice: Invoice;
  before: Invoice;
  events: NewEvent[];
  match: TransactionMatch;
};

/** The payment of `amount` by the transfer, refused as the status machine refuses a payment. */
export function transferPayment(
  transaction: BankTransaction,
  before: Invoice,
  amount: number,
  rule: MatchRule,
  { now, publicBaseUrl }: { now: Date; publicBaseUrl: string },
): InvoicePaid {
  const next = pay(settlementOf(before), amount);
  if (isRefusal(next)) throw refusalError(next);
  const payment: Payment = {
    id: newId('pay', now.getTime()),
    invoice_id: before.id,
    amount_minor: amount,
    currency: before.currency,
    paid_at: `${transaction.booking_date ?? now.toISOString().slice(0, 10)}T00:00:00.000Z`,
    method: 'bank_transfer',
    reference: transaction.bank_reference,
    provider: 'bank',
    provider_event_id: transaction.id,
    created_at: now.toISOString(),
  };
  const invoice: Invoice = {
    ...before,
    status: next.status,
    amount_paid_minor: next.paid_minor,
    ...(next.settled ? { paid_at: payment.paid_at } : {}),
    updated_at: now.toISOString(),
    version: before.version + 1,
  };
  const object = invoiceResource(invoice, publicBaseUrl);
  const more = { payment: paymentResource(payment) };
  const events: NewEvent[] = [{ type: 'payment.received', object, more }];
  if (next.settled) events.push({ type: 'invoice.paid', object, more });
  const match = {
    invoice_id: before.id,
    invoice_number: before.invoice_number,
    payment_id: payment.id,
    amount_minor: amount,
    rule,
  };
  return { payment, invoice, before, events, match };
}

/** The payment taken back: kept, marked `reversed_at`; the invoice owes it again (overdue once past due). */
export function transferReversal(
  invoice: Invoice,
  payment: Payment,
  { now, publicBaseUrl }: { now: Date; publicBaseUrl: string },
): { payment: Payment; invoice: Invoice; events: NewEvent[] } {
  const pastDue = invoice.due_date < now.toISOString().slice(0, 10);
  const next = unpay(settlementOf(invoice), payment.amount_minor, pastDue);
  if (isRefusal(next)) throw refusalError(next);
  const { paid_at: _paidAt, ...unpaid } = invoice;
  const changed: Invoice = {
    ...(next.status === 'paid' ? invoice : unpaid),
    status: next.status,
    amount_paid_minor: next.paid_minor,
    updated_at: now.toISOString(),
    version: invoice.version + 1,
  };
  const reversed: Payment = { ...payment, reversed_at: now.toISOString() };
  const object = invoiceResource(changed, publicBaseUrl);
  return {
    payment: reversed,
    invoice: changed,
    events: [{ type: 'payment.reversed', object, more: { payment: paymentResource(reversed) } }],
  };
}
