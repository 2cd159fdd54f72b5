// Booking one statement entry (docs/reconciliation.md "Matching"): a booked credit pays, in the one
// transaction that books it, the open invoices in its currency it names by payment reference, else
// by printed number, else the one invoice of the payer's client that owes exactly its amount; a
// booked debit naming a credit note's number refunds it. Anything else is booked unmatched with suggestions, a credit announced for review. An entry booked
// before (this file again, an overlapping statement) changes nothing. Requests per credit: one
// lookup, one read of the invoices it names or of the client's open ones, one transaction (a credit
// whose named invoices could take nothing reads the client's too: four). A refund: four.
import { bookBankTransaction, getBankTransaction } from '#shared/data/bank-transactions';
import { openInvoicesOfClient } from '#shared/data/invoices';
import { lookUpTransfer, type TransferLookup } from '#shared/data/transfer-lookup';
import type { BankTransaction, MatchRule } from '#shared/domain/bank-transaction';
import type { Invoice } from '#shared/domain/invoice';
import { bankTransactionResource } from '#shared/domain/resources/bank-statement';
import {
  amountRuleWindow,
  canPay,
  canRefund,
  invoiceOwingTheAmount,
  numberWordsNamed,
  referencesNamed,
} from '#shared/domain/transfer-matching';
import { suggestionsFor } from '#shared/domain/transfer-suggestions';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { payByTransfer } from '#shared/reconciliation/pay-by-transfer';
import { refundByTransfer } from '#shared/reconciliation/refund-by-transfer';

export type Booking = { booked: true; matched: boolean } | { booked: false; by: string };

/** The rules that look the transfer's words up, in the order they are tried. */
const LOOKUP_RULES: readonly MatchRule[] = ['structured_reference', 'invoice_number'];

/** The invoices the transfer names, each with the first rule that names it. */
function invoicesNamedBy(found: TransferLookup) {
  const named = new Map<string, MatchRule>();
  for (const id of found.byReference) named.set(id, 'structured_reference');
  for (const id of found.byNumber) if (!named.has(id)) named.set(id, 'invoice_number');
  return named;
}

/** The payer's client: the one its IBAN paid for before, else the only client of its name. */
const payerClientOf = (found: TransferLookup) =>
  found.clientOfIban ?? (found.clientsNamed.length === 1 ? found.clientsNamed[0] : undefined);

export async function bookTransfer(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  now = new Date(),
): Promise<Booking> {
  if (canRefund(transaction)) return bookDebit(deps, organizationId, transaction, now);
  if (!canPay(transaction)) return bookUnmatched(deps, organizationId, transaction);
  const found = await lookUpTransfer(
    deps.db,
    organizationId,
    { references: referencesNamed(transaction), numbers: numberWordsNamed(transaction) },
    { iban: transaction.counterparty_iban, name: transaction.counterparty_name },
  );
  const named = invoicesNamedBy(found);
  let namedRead: { invoice: Invoice; rule: MatchRule }[] = [];
  if (named.size > 0) {
    const paid = await payByTransfer(deps, organizationId, transaction, named, { rules: LOOKUP_RULES, now });
    if (paid.paid !== 'nothing_payable') return bookedOrMatched(deps, organizationId, transaction, paid.paid);
    namedRead = paid.invoices.map((invoice) => ({ invoice, rule: named.get(invoice.id)! }));
  }
  const client = payerClientOf(found);
  const ofClient = client
    ? await openInvoicesOfClient(deps.db, organizationId, client, amountRuleWindow(transaction))
    : [];
  const owing = invoiceOwingTheAmount(transaction, ofClient);
  if (owing) {
    const byAmount = new Map([[owing.id, 'amount' as const]]);
    const paid = await payByTransfer(deps, organizationId, transaction, byAmount, {
      rules: ['amount'],
      read: [owing],
      now,
    });
    if (paid.paid !== 'nothing_payable') return bookedOrMatched(deps, organizationId, transaction, paid.paid);
  }
  const suggestions = suggestionsFor(transaction, namedRead, ofClient);
  return bookUnmatched(deps, organizationId, suggestions.length > 0 ? { ...transaction, suggestions } : transaction);
}

/** At most this many credit notes a debit names are tried, in the order it names them. */
const MAX_CREDIT_NOTES_TRIED = 3;

async function bookDebit(deps: InvoicingDeps, organizationId: string, transaction: BankTransaction, now: Date) {
  const numbers = numberWordsNamed(transaction);
  const { creditNotes } =
    numbers.length > 0
      ? await lookUpTransfer(deps.db, organizationId, { creditNoteNumbers: numbers }, { iban: null, name: null })
      : { creditNotes: [] };
  for (const creditNoteId of creditNotes.slice(0, MAX_CREDIT_NOTES_TRIED)) {
    const refunded = await refundByTransfer(deps, organizationId, transaction, creditNoteId, now);
    if (refunded === 'refunded') return bookedOrMatched(deps, organizationId, transaction, 'matched');
    if (refunded === 'booked_before') return bookedOrMatched(deps, organizationId, transaction, refunded);
  }
  return bookUnmatched(deps, organizationId, transaction);
}

async function bookUnmatched(deps: InvoicingDeps, organizationId: string, transaction: BankTransaction) {
  const review = transaction.needs_review
    ? [{ type: 'bank_transaction.needs_review' as const, object: bankTransactionResource(transaction) }]
    : [];
  const outcome = await bookBankTransaction(deps.db, organizationId, transaction, review);
  return outcome.booked ? { booked: true as const, matched: false } : outcome;
}

async function bookedOrMatched(
  deps: InvoicingDeps,
  organizationId: string,
  transaction: BankTransaction,
  outcome: 'matched' | 'booked_before',
): Promise<Booking> {
  if (outcome === 'matched') return { booked: true, matched: true };
  const held = await getBankTransaction(deps.db, organizationId, transaction.id);
  return { booked: false, by: held?.statement ?? '' };
}
