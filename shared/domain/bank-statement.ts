// Bank statements as the service reads them (docs/reconciliation.md): whatever the file's format
// (ISO 20022 camt.053 or camt.054, SWIFT MT940), one account and its entries, each with the bank's
// own reference so that a statement imported twice, or two that overlap, book each entry once.
import { createHash } from 'node:crypto';

export const STATEMENT_FORMATS = ['camt.053', 'camt.054', 'mt940'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Where an entry's key came from: the bank's reference for it, the entry's own, or its content. */
export type BankReferenceKind = 'account_servicer' | 'entry' | 'content';

export type StatementEntry = {
  bank_reference: string;
  reference_kind: BankReferenceKind;
  direction: 'credit' | 'debit';
  /** Decimal text, at most two fraction digits, above zero. */
  amount: string;
  amount_minor: number;
  currency: string;
  /** A reversal of an earlier entry (camt `RvslInd`, MT940 `RC`/`RD`): never a payment. */
  reversal: boolean;
  /** Booked (camt `BOOK`, every MT940 entry), or pending and not yet on the account. */
  booked: boolean;
  booking_date: string | null;
  value_date: string | null;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  /** Structured creditor references (camt `CdtrRefInf/Ref`). */
  structured_references: string[];
  /** The free remittance text, its lines joined by spaces. */
  remittance_text: string;
  end_to_end_id: string | null;
};

export type ReadStatement = {
  format: StatementFormat;
  /** The account's IBAN, in electronic form. */
  iban: string;
  /** The statement's own id (camt `Stmt/Id`, MT940 `:20:`), where it has one. */
  statement_id: string | null;
  entries: StatementEntry[];
};

/** Why a statement is refused whole: nothing of it is booked. */
export class UnreadableStatement extends Error {
  constructor(
    readonly reason: 'not_a_statement' | 'unreadable' | 'bad_amount' | 'no_account' | 'several_accounts',
    message: string,
  ) {
    super(message);
  }
}

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** An amount as a statement states it (a point for decimals): refused with three decimals, zero or a sign. */
export function statementAmount(text: string, where: string): { amount: string; amount_minor: number } {
  const match = AMOUNT.exec(text.trim());
  if (!match)
    throw new UnreadableStatement('bad_amount', `${where}: "${text.trim()}" is not an amount of at most two decimals`);
  const [, whole, fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (minor === 0) throw new UnreadableStatement('bad_amount', `${where}: an entry of zero`);
  return { amount: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`, amount_minor: minor };
}

type Keyless = Omit<StatementEntry, 'bank_reference' | 'reference_kind'>;

/**
 * The key of an entry the bank gave no reference: a hash of what it says, and its place among the
 * file's entries that say the same (two equal transfers on one day are two entries; the same day
 * in two overlapping statements gives each the same place).
 */
export function contentKeys(entries: readonly Keyless[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const content = [
      entry.booking_date ?? entry.value_date ?? '',
      entry.direction,
      entry.amount,
      entry.currency,
      entry.counterparty_iban ?? '',
      entry.counterparty_name ?? '',
      entry.structured_references.join(' '),
      entry.remittance_text,
      entry.end_to_end_id ?? '',
    ].join('\u001f');
    const hash = createHash('sha256').update(content).digest('hex').slice(0, 32);
    const place = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, place);
    return `${hash}-${place}`;
  });
}

/**
 * Gives every entry its key: the bank's reference, else the entry's (with its booking date: some
 * banks number a statement's entries from 1, so the reference alone repeats across statements),
 * else its content's.
 */
export function keyed(
  entries: readonly (Keyless & { servicerReference: string | null; entryReference: string | null })[],
): StatementEntry[] {
  const content = contentKeys(entries);
  return entries.map(({ servicerReference, entryReference, ...entry }, index) => ({
    ...entry,
    ...(servicerReference
      ? { bank_reference: servicerReference, reference_kind: 'account_servicer' as const }
      : entryReference
        ? {
            bank_reference: `${entry.booking_date ?? entry.value_date ?? ''}/${entryReference}`,
            reference_kind: 'entry' as const,
          }
        : { bank_reference: content[index]!, reference_kind: 'content' as const }),
  }));
}
