// Booking one statement entry (docs/reconciliation.md "Matching"): a booked credit that names open
// invoices in its currency — by payment reference, else by printed number — pays them in the one
// transaction that books it; anything else is booked unmatched, a credit announced for review. An
// entry booked before (this file again, an overlapping statement) changes nothing.
import { bookBankTransaction, getBankTransaction } from '#shared/data/bank-transactions';
import { invoicesNamed } from '#shared/data/payment-references';
import type { BankTransaction, MatchRule } from '#shared/domain/bank-transaction';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import { canPay, numberWordsNamed, referencesNamed } from '#shared/domain/transfer-matching';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { payByTransfer } from '#shared/reconciliation/pay-by-transfer';

export type Booking = { booked: true; matched: boolean } | { booked: false; by: string };

/** The rules that look the transfer's words up, in the order they are tried. */
const LOOKUP_RULES: readonly MatchRule[] = ['structured_reference', 'invoice_number'];

/** The invoices the transfer names, each with the first rule that names it: one lookup for all. */
async function invoicesNamedBy(deps: InvoicingDeps, organizationId: string, transaction: BankTransaction) {
  const named = new Map<string, MatchRule>();
  const references = referencesNamed(transaction);
  const numbers = numberWordsNamed(transaction);
  if (references.length + numbers.length === 0) return named;
  const found = await invoicesNamed(deps.db, organizationId, { references, numbers });
  for (const id of found.byReference) named.set(id, 'structured_reference');
  for (const id of found.byNumber) if (!named.has(id)) named.set(id, 'invoice_number');
  return named;
}

export async function bookTransfer(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  now = new Date(),
): Promise<Booking> {
  const named = canPay(transaction) ? await invoicesNamedBy(deps, organizationId, transaction) : new Map();
  const paid =
    named.size > 0 ? await payByTransfer(deps, organizationId, transaction, named, LOOKUP_RULES, now) : undefined;
  if (paid === 'matched') return { booked: true, matched: true };
  if (paid === 'booked_before') return bookedBefore(deps, organizationId, transaction);
  const review = transaction.needs_review
    ? [{ type: 'bank_transaction.needs_review' as const, object: bankTransactionResource(transaction) }]
    : [];
  const outcome = await bookBankTransaction(deps.db, organizationId, transaction, review);
  return outcome.booked ? { booked: true, matched: false } : outcome;
}

async function bookedBefore(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
): Promise<Booking> {
  const held = await getBankTransaction(deps.db, organizationId, transaction.id);
  return { booked: false, by: held?.statement ?? '' };
}
