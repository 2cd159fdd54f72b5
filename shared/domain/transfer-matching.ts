// Which open invoices a bank transfer pays, and how much of each (docs/reconciliation.md "Matching"):
// pure rules over what the transfer names and the invoices it names, no lookups.
import type { BankTransaction, MatchRule } from '#shared/domain/bank-transaction';
import { addDays } from '#shared/domain/dates';
import type { Invoice } from '#shared/domain/invoice';
import { amountDue, OPEN_STATUSES, settlementOf } from '#shared/domain/invoice-lifecycle';
import { referencesIn } from '#shared/domain/payment-reference';

/** At most this many invoices paid by one transfer: each is a few items of the one transaction that books it. */
export const MAX_INVOICES_PER_TRANSFER = 10;
/** At most this many words of a transfer's text looked up as invoice numbers. */
const MAX_NUMBER_WORDS = 40;

/** Only a booked incoming transfer pays an invoice: never a debit, a reversal or a pending entry. */
export const canPay = (transaction: BankTransaction) =>
  transaction.direction === 'credit' && !transaction.reversal && transaction.booked;

/** Only a booked outgoing transfer that is not a reversal pays a credit note back. */
export const canRefund = (transaction: BankTransaction) =>
  transaction.direction === 'debit' && !transaction.reversal && transaction.booked;

/** Everything the payer wrote: the structured references first, then the free text. */
const remittanceOf = (transaction: BankTransaction) => [
  ...transaction.structured_references,
  transaction.remittance_text,
];

/** The payment references (compact, check digits verified) the transfer names, in order. */
export const referencesNamed = (transaction: BankTransaction) =>
  referencesIn(remittanceOf(transaction)).slice(0, MAX_INVOICES_PER_TRANSFER);

/**
 * The words of the remittance that could be a printed invoice number: split at white space, commas
 * and semicolons, stripped of surrounding punctuation, holding a digit; each as written and upper-cased
 * (banks often upper-case the text).
 */
export function numberWordsNamed(transaction: BankTransaction): string[] {
  const words = new Set<string>();
  for (const text of remittanceOf(transaction))
    for (const raw of text.split(/[\s,;]+/)) {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (word.length < 2 || word.length > 60 || !/\d/.test(word)) continue;
      words.add(word);
      words.add(word.toUpperCase());
    }
  return [...words].slice(0, MAX_NUMBER_WORDS);
}

/** The amount rule looks at open invoices issued at most this many days before the booking date. */
export const AMOUNT_RULE_DAYS = 60;

/** The day the transfer was booked on the account (value date, else the day it was read, if the bank gave none). */
export const bookingDayOf = (transaction: BankTransaction) =>
  transaction.booking_date ?? transaction.value_date ?? transaction.booked_at.slice(0, 10);

/** The issue dates (inclusive) the amount rule considers. */
export const amountRuleWindow = (transaction: BankTransaction) => {
  const to = bookingDayOf(transaction);
  return { from: addDays(to, -AMOUNT_RULE_DAYS), to };
};

export type Allocation = { invoice: Invoice; amount_minor: number; rule: MatchRule };

const payable = (invoice: Invoice, currency: string) =>
  OPEN_STATUSES.includes(invoice.status) && invoice.currency === currency && amountDue(settlementOf(invoice)) > 0;

/**
 * What the transfer pays: the invoices of the first rule (in `rules` order) that names an open one in
 * the transfer's currency, in order of due date (then number), each up to its amount due until the
 * amount runs out. Empty when no named invoice can take it.
 */
export function allocateTransfer(
  amountMinor: number,
  currency: string,
  named: readonly { invoice: Invoice; rule: MatchRule }[],
  rules: readonly MatchRule[],
): { allocations: Allocation[]; unapplied_minor: number } {
  for (const rule of rules) {
    const open = named
      .filter((candidate) => candidate.rule === rule && payable(candidate.invoice, currency))
      .map((candidate) => candidate.invoice)
      .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.invoice_number.localeCompare(b.invoice_number))
      .slice(0, MAX_INVOICES_PER_TRANSFER);
    // The amount rule pays only the one invoice that owes exactly the transfer (still, when read again).
    const paid = rule === 'amount' ? open.filter((invoice) => amountDue(settlementOf(invoice)) === amountMinor) : open;
    if (paid.length === 0 || (rule === 'amount' && paid.length > 1)) continue;
    const allocations: Allocation[] = [];
    let left = amountMinor;
    for (const invoice of paid) {
      if (left === 0) break;
      const amount = Math.min(left, amountDue(settlementOf(invoice)));
      allocations.push({ invoice, amount_minor: amount, rule });
      left -= amount;
    }
    return { allocations, unapplied_minor: left };
  }
  return { allocations: [], unapplied_minor: amountMinor };
}

/** The one open invoice, issued in the window, in the transfer's currency, that owes exactly its amount. */
export function invoiceOwingTheAmount(transaction: BankTransaction, invoices: readonly Invoice[]): Invoice | undefined {
  const { from, to } = amountRuleWindow(transaction);
  const owing = invoices.filter(
    (invoice) =>
      payable(invoice, transaction.currency) &&
      invoice.issue_date >= from &&
      invoice.issue_date <= to &&
      amountDue(settlementOf(invoice)) === transaction.amount_minor,
  );
  return owing.length === 1 ? owing[0] : undefined;
}
