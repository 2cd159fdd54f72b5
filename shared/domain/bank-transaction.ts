// An imported statement and the transactions it booked (docs/reconciliation.md). A transaction's id is
// made from its account and the bank's key for it, so the same entry in two imports is one item, and
// begins with its booking date's ULID time, so ids sort as the account was booked.
import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';
import type { StatementEntry, StatementFormat } from '#shared/domain/bank-statement';

export const IMPORT_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export type ImportCounts = { booked: number; duplicates: number; matched: number; unmatched: number };

export type BankStatementImport = {
  /** `bst_` and a ULID. */
  id: string;
  status: ImportStatus;
  format: StatementFormat;
  iban: string;
  /** The statement's own id, as the bank named it. */
  statement_id: string | null;
  /** The file as received, in the archive (docs/archive.md). */
  archive_key: string;
  sha256: string;
  size: number;
  entries: number;
  entries_done: number;
  counts: ImportCounts;
  failure?: string;
  created_at: string;
  updated_at: string;
  completed_at?: string;
  version: number;
};

export const TRANSACTION_STATUSES = ['matched', 'unmatched'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type BankTransaction = Omit<StatementEntry, 'amount'> & {
  id: string;
  amount: string;
  iban: string;
  /** The import that booked it first. */
  statement: string;
  status: TransactionStatus;
  /** A person should look: a credit nothing matched, a reversal, a debit that refunds nothing known. */
  needs_review: boolean;
  /** The payments it made, each with the rule that matched it (docs/reconciliation.md "Matching"). */
  matches?: TransactionMatch[];
  /** What it paid beyond the amounts due, in minor units. */
  unapplied_minor?: number;
  /** A credit left unmatched: up to three invoices it may pay, best first, for a person to choose. */
  suggestions?: Suggestion[];
  booked_at: string;
  version: number;
};

export const MATCH_RULES = ['structured_reference', 'invoice_number', 'amount', 'manual', 'refund'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** What one match did: a payment of the invoice, or (rule `refund`, a debit) a refund on its credit note. */
export type TransactionMatch = {
  invoice_id: string;
  invoice_number: string;
  amount_minor: number;
  rule: MatchRule;
} & ({ payment_id: string } | { refund_id: string; credit_note_id: string; credit_note_number: string });

/** The matches that made payments (every rule but `refund`). */
export const paymentMatches = (matches: readonly TransactionMatch[] = []) =>
  matches.filter((match): match is Extract<TransactionMatch, { payment_id: string }> => 'payment_id' in match);

/** An invoice an unmatched transfer may pay: how likely (1–100) and why, in words. */
export type Suggestion = { invoice_id: string; invoice_number: string; score: number; why: string };

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `btx_`, the booking date's ULID time, and 80 bits of the hash of account and bank key. */
export function transactionIdOf(
  iban: string,
  entry: Pick<StatementEntry, 'bank_reference' | 'reference_kind' | 'booking_date' | 'value_date'>,
  fallbackDate: string,
): string {
  const day = entry.booking_date ?? entry.value_date ?? fallbackDate;
  const digest = createHash('sha256')
    .update(`${iban}\u001f${entry.reference_kind}\u001f${entry.bank_reference}`)
    .digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let hash = '';
  for (let index = 0; index < 16; index++) {
    hash = CROCKFORD[Number(bits & 31n)]! + hash;
    bits >>= 5n;
  }
  return `btx_${encodeTime(Date.parse(`${day}T00:00:00Z`), 10)}${hash}`;
}

/** What a newly booked entry needs: a reversal, a debit or a credit left unmatched is for a person to look at. */
export const bookedTransaction = (
  entry: StatementEntry,
  at: { iban: string; statement: string; now: Date },
): BankTransaction => ({
  ...entry,
  id: transactionIdOf(at.iban, entry, at.now.toISOString().slice(0, 10)),
  iban: at.iban,
  statement: at.statement,
  status: 'unmatched',
  needs_review: entry.booked && (entry.reversal || entry.direction === 'credit'),
  booked_at: at.now.toISOString(),
  version: 1,
});
