// What a person is offered for a credit no rule matched (docs/reconciliation.md "Suggestions"): up
// to three open invoices it may pay, each scored 1–100 with the reason in words. Pure: the invoices are
// the ones the transfer named but could not pay, and the open invoices of the client it came from.
import type { BankTransaction, MatchRule, Suggestion } from '#shared/domain/bank-transaction';
import { formatMinor } from '#shared/domain/decimal';
import type { Invoice } from '#shared/domain/invoice';
import { amountDue, OPEN_STATUSES, settlementOf } from '#shared/domain/invoice-lifecycle';
import { amountRuleWindow } from '#shared/domain/transfer-matching';

export const MAX_SUGGESTIONS = 3;

const RULE_WORDS: Partial<Record<MatchRule, string>> = {
  structured_reference: 'its payment reference',
  invoice_number: 'its number',
};

type Scored = Suggestion & { distance: number; due_date: string };

const scored = (invoice: Invoice, score: number, why: string, amountMinor: number): Scored => ({
  invoice_id: invoice.id,
  invoice_number: invoice.invoice_number,
  score,
  why,
  distance: Math.abs(amountDue(settlementOf(invoice)) - amountMinor),
  due_date: invoice.due_date,
});

/** A named invoice the transfer could not pay: it is in another currency. */
function namedButNotPaid(transaction: BankTransaction, invoice: Invoice, rule: MatchRule): Scored | undefined {
  if (!OPEN_STATUSES.includes(invoice.status) || invoice.currency === transaction.currency) return undefined;
  const why = `The transfer names ${RULE_WORDS[rule] ?? 'it'}, but is in ${transaction.currency} and the invoice in ${invoice.currency}`;
  return scored(invoice, 60, why, transaction.amount_minor);
}

/** An open invoice of the payer's client in the transfer's currency, issued in the amount rule's window. */
function ofTheClient(transaction: BankTransaction, invoice: Invoice, owingTheAmount: number): Scored | undefined {
  const { from, to } = amountRuleWindow(transaction);
  if (!OPEN_STATUSES.includes(invoice.status) || invoice.currency !== transaction.currency) return undefined;
  if (invoice.issue_date < from || invoice.issue_date > to) return undefined;
  const due = amountDue(settlementOf(invoice));
  const amount = transaction.amount_minor;
  if (due === 0) return undefined;
  if (due === amount)
    return scored(
      invoice,
      70,
      `Owes exactly the amount, as ${owingTheAmount - 1} other open invoices of the payer do`,
      amount,
    );
  if (due > amount)
    return scored(invoice, 40, `The transfer would pay part of its amount due, ${formatMinor(due)}`, amount);
  return scored(invoice, 30, `The transfer is more than its amount due, ${formatMinor(due)}`, amount);
}

/** Best first: score, then the amount due nearest the transfer, then the earliest due date. */
export function suggestionsFor(
  transaction: BankTransaction,
  named: readonly { invoice: Invoice; rule: MatchRule }[],
  ofClient: readonly Invoice[],
): Suggestion[] {
  const owingTheAmount = ofClient.filter(
    (invoice) =>
      OPEN_STATUSES.includes(invoice.status) &&
      invoice.currency === transaction.currency &&
      amountDue(settlementOf(invoice)) === transaction.amount_minor,
  ).length;
  const best = new Map<string, Scored>();
  const candidates = [
    ...named.map(({ invoice, rule }) => namedButNotPaid(transaction, invoice, rule)),
    ...ofClient.map((invoice) => ofTheClient(transaction, invoice, owingTheAmount)),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const held = best.get(candidate.invoice_id);
    if (!held || held.score < candidate.score) best.set(candidate.invoice_id, candidate);
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.distance - b.distance || a.due_date.localeCompare(b.due_date))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ invoice_id, invoice_number, score, why }) => ({ invoice_id, invoice_number, score, why }));
}
