// The invoice status machine (docs/api.md "Invoice lifecycle"), as pure functions: each answers the
// next state or why the change is not allowed. Storage applies the answer with its event.
import { invalidState, validationError } from '#shared/domain/errors';
import type { Invoice, InvoiceStatus } from '#shared/domain/invoice';

/** Why a change is refused: the invoice's state forbids it, or the amount is wrong. */
export type Refusal = { refused: string; because: 'state' | 'amount' };
const refuse = (refused: string, because: Refusal['because'] = 'state'): Refusal => ({ refused, because });
export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'refused' in value;

/** A refusal as the caller sees it: a wrong amount is a validation error, a wrong state 409. */
export const refusalError = (refused: Refusal, field = 'amount') =>
  refused.because === 'amount' ? validationError({ [field]: refused.refused }) : invalidState(refused.refused);

/** Statuses in which money is still owed and the invoice counts as open. */
export const OPEN_STATUSES: readonly InvoiceStatus[] = ['sent', 'partially_paid', 'overdue'];

/** Sending a draft issues it; sending an open invoice again is a reminder. */
export function send(status: InvoiceStatus): { status: InvoiceStatus; reminder: boolean } | Refusal {
  if (status === 'draft') return { status: 'sent', reminder: false };
  if (OPEN_STATUSES.includes(status)) return { status, reminder: true };
  return refuse(`A ${status} invoice cannot be sent`);
}

/**
 * A payment of `amount` minor units against an open invoice. Overpayment is refused; an overdue
 * invoice stays overdue until it is settled.
 */
export function pay(
  invoice: { status: InvoiceStatus; total_minor: number; paid_minor: number; credited_minor?: number },
  amount: number,
): { status: InvoiceStatus; paid_minor: number; settled: boolean } | Refusal {
  if (!OPEN_STATUSES.includes(invoice.status)) return refuse(`A ${invoice.status} invoice cannot take payments`);
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse('A payment must be a positive amount', 'amount');
  const due = amountDue(invoice);
  if (amount > due) return refuse('The payment is more than the amount due', 'amount');
  const paid = invoice.paid_minor + amount;
  if (paid === due + invoice.paid_minor) return { status: 'paid', paid_minor: paid, settled: true };
  return { status: invoice.status === 'overdue' ? 'overdue' : 'partially_paid', paid_minor: paid, settled: false };
}

type Settlement = { total_minor: number; paid_minor: number; credited_minor?: number; refunded_minor?: number };

/** An invoice's money as the status machine reads it. */
export const settlementOf = (
  invoice: Pick<
    Invoice,
    'status' | 'total_amount_minor' | 'amount_paid_minor' | 'amount_credited_minor' | 'amount_refunded_minor'
  >,
) => ({
  status: invoice.status,
  total_minor: invoice.total_amount_minor,
  paid_minor: invoice.amount_paid_minor ?? 0,
  credited_minor: invoice.amount_credited_minor ?? 0,
  refunded_minor: invoice.amount_refunded_minor ?? 0,
});
/** Paid, less what was paid back. */
const kept = (invoice: Settlement) => invoice.paid_minor - (invoice.refunded_minor ?? 0);

/** What is still owed: the total less what was paid (and kept) and what was credited (never below zero). */
export const amountDue = (invoice: Settlement) =>
  Math.max(0, invoice.total_minor - kept(invoice) - (invoice.credited_minor ?? 0));

/** What the seller owes back: paid beyond what is left to pay once credits are taken off, less refunds. */
export const amountRefundable = (invoice: Settlement) =>
  Math.max(0, kept(invoice) + (invoice.credited_minor ?? 0) - invoice.total_minor);

/** A refund of `amount` on the invoice: never more than it owes back. */
export function refund(invoice: Settlement, amount: number): { refunded_minor: number } | Refusal {
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse('A refund must be a positive amount', 'amount');
  if (amount > amountRefundable(invoice))
    return refuse('The refund is more than is owed back on the invoice', 'amount');
  return { refunded_minor: (invoice.refunded_minor ?? 0) + amount };
}

/**
 * A payment of `amount` taken back (a bank transfer unmatched): the invoice owes it again, overdue
 * when its due date has passed. Refused on a void or credited invoice, and when what was paid back
 * already would exceed what is left paid.
 */
export function unpay(
  invoice: Settlement & { status: InvoiceStatus },
  amount: number,
  pastDue: boolean,
): { status: InvoiceStatus; paid_minor: number } | Refusal {
  if (![...OPEN_STATUSES, 'paid'].includes(invoice.status))
    return refuse(`A payment of a ${invoice.status} invoice cannot be taken back`);
  const paid = invoice.paid_minor - amount;
  if (!Number.isSafeInteger(amount) || amount <= 0 || paid < (invoice.refunded_minor ?? 0))
    return refuse('The payment is more than the invoice keeps paid', 'amount');
  const after = { ...invoice, paid_minor: paid };
  if (amountDue(after) === 0) return { status: 'paid', paid_minor: paid };
  if (pastDue) return { status: 'overdue', paid_minor: paid };
  return { status: paid > (invoice.refunded_minor ?? 0) ? 'partially_paid' : 'sent', paid_minor: paid };
}

/** Statuses in which an issued invoice may be credited (docs/api.md "Credit notes"). */
export const CREDITABLE_STATUSES: readonly InvoiceStatus[] = [...OPEN_STATUSES, 'paid', 'credited'];

/**
 * A credit note of `amount` minor units. Nothing can be credited beyond the total; an invoice left with
 * nothing due is settled as `credited` (a paid one stays `paid`, and what it was paid beyond the rest
 * becomes refundable).
 */
export function credit(
  invoice: { status: InvoiceStatus; total_minor: number; paid_minor: number; credited_minor?: number },
  amount: number,
): { status: InvoiceStatus; credited_minor: number; settled: boolean } | Refusal {
  if (!CREDITABLE_STATUSES.includes(invoice.status))
    return refuse(`A ${invoice.status} invoice cannot be credited; only issued invoices can`);
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse('A credit must be a positive amount', 'amount');
  const credited = (invoice.credited_minor ?? 0) + amount;
  if (credited > invoice.total_minor) return refuse('The credit is more than is left to credit', 'amount');
  if (invoice.status === 'paid' || invoice.status === 'credited')
    return { status: invoice.status, credited_minor: credited, settled: false };
  if (amountDue({ ...invoice, credited_minor: credited }) === 0)
    return { status: 'credited', credited_minor: credited, settled: true };
  return { status: invoice.status, credited_minor: credited, settled: false };
}

/** Void keeps the number; an invoice that has taken money cannot be voided (refund or credit it instead). */
export function voidInvoice(invoice: {
  status: InvoiceStatus;
  paid_minor: number;
  credited_minor?: number;
}): { status: 'void' } | Refusal {
  if (invoice.paid_minor > 0) return refuse('An invoice that has received payments cannot be voided');
  if ((invoice.credited_minor ?? 0) > 0)
    return refuse('An invoice with credit notes cannot be voided; credit the rest');
  if (invoice.status === 'draft' || invoice.status === 'sent' || invoice.status === 'overdue')
    return { status: 'void' };
  return refuse(`A ${invoice.status} invoice cannot be voided`);
}

/** Sent or partly paid invoices become overdue the day after their due date. */
export function becomeOverdue(
  invoice: { status: InvoiceStatus; due_date: string },
  today: string,
): { status: 'overdue' } | Refusal {
  if (invoice.status !== 'sent' && invoice.status !== 'partially_paid')
    return refuse(`A ${invoice.status} invoice cannot become overdue`);
  if (invoice.due_date >= today) return refuse('The invoice is not past its due date');
  return { status: 'overdue' };
}
