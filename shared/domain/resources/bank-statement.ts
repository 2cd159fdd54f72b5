// How an imported statement and a booked transaction look in responses and events.
import type { BankStatementImport, BankTransaction } from '#shared/domain/bank-transaction';
import { formatMinor } from '#shared/domain/decimal';

export const bankStatementResource = (job: BankStatementImport) => ({
  id: job.id,
  status: job.status,
  format: job.format,
  iban: job.iban,
  statement_id: job.statement_id,
  sha256: job.sha256,
  size: job.size,
  entries: job.entries,
  entries_done: job.entries_done,
  counts: { ...job.counts },
  failure: job.failure ?? null,
  created_at: job.created_at,
  completed_at: job.completed_at ?? null,
});

export const bankTransactionResource = (transaction: BankTransaction) => ({
  id: transaction.id,
  status: transaction.status,
  needs_review: transaction.needs_review,
  iban: transaction.iban,
  bank_reference: transaction.bank_reference,
  reference_kind: transaction.reference_kind,
  direction: transaction.direction,
  amount: transaction.amount,
  currency: transaction.currency,
  reversal: transaction.reversal,
  booked: transaction.booked,
  booking_date: transaction.booking_date,
  value_date: transaction.value_date,
  counterparty: { name: transaction.counterparty_name, iban: transaction.counterparty_iban },
  remittance: { structured: [...transaction.structured_references], text: transaction.remittance_text },
  end_to_end_id: transaction.end_to_end_id,
  statement: transaction.statement,
  matches: (transaction.matches ?? []).map((match) => ({
    invoice: { id: match.invoice_id, number: match.invoice_number },
    payment: 'payment_id' in match ? match.payment_id : null,
    refund: 'refund_id' in match ? match.refund_id : null,
    credit_note: 'refund_id' in match ? { id: match.credit_note_id, number: match.credit_note_number } : null,
    amount: formatMinor(match.amount_minor),
    rule: match.rule,
  })),
  unapplied: formatMinor(transaction.unapplied_minor ?? 0),
  suggestions: (transaction.suggestions ?? []).map((suggestion) => ({
    invoice: { id: suggestion.invoice_id, number: suggestion.invoice_number },
    score: suggestion.score,
    why: suggestion.why,
  })),
  booked_at: transaction.booked_at,
});
