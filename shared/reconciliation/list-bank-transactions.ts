// The organization's bank transactions, newest booking date first: a period of booking dates is a
// range of ids (they begin with the booking date's time), the other filters (status, direction, review,
// amount, text) are checked on the items read, so a page may hold fewer than its limit.
import { listBankTransactions } from '#shared/data/bank-transactions';
import type { Db } from '#shared/data/table';
import type { BankTransaction, TransactionStatus } from '#shared/domain/bank-transaction';
import type { ItemPage, PageRequest } from '#shared/domain/pages';
import { encodeTime } from 'ulid';

export type TransactionFilter = {
  status?: TransactionStatus;
  direction?: 'credit' | 'debit';
  needs_review?: boolean;
  /** Booking dates, inclusive. */
  from?: string;
  to?: string;
  amount_minor?: { exactly?: number; atLeast?: number; atMost?: number };
  /** Text anywhere in what the bank says of it, case and spacing ignored. */
  q?: string;
};

const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');

const saysText = (transaction: BankTransaction, q: string) =>
  [
    transaction.counterparty_name,
    transaction.counterparty_iban,
    transaction.remittance_text,
    ...transaction.structured_references,
    transaction.bank_reference,
    transaction.end_to_end_id,
  ].some((said) => said && folded(said).includes(q));

const inAmount = (amount: number, { exactly, atLeast, atMost }: NonNullable<TransactionFilter['amount_minor']>) =>
  (exactly === undefined || amount === exactly) &&
  (atLeast === undefined || amount >= atLeast) &&
  (atMost === undefined || amount <= atMost);

const FIRST_DAY = '1970-01-01';
const LAST_DAY = '9999-12-31';

const idAt = (day: string, fill: '0' | 'Z') =>
  `btx_${encodeTime(Date.parse(`${day}T00:00:00Z`), 10)}${fill.repeat(16)}`;

export async function listTransactions(
  db: Db,
  organizationId: string,
  filter: TransactionFilter,
  page: PageRequest,
): Promise<ItemPage<BankTransaction>> {
  const range = { fromId: idAt(filter.from ?? FIRST_DAY, '0'), toId: idAt(filter.to ?? LAST_DAY, 'Z') };
  const listed = await listBankTransactions(db, organizationId, range, page);
  const q = filter.q ? folded(filter.q) : '';
  const kept = (transaction: BankTransaction) =>
    (!q || saysText(transaction, q)) &&
    (!filter.amount_minor || inAmount(transaction.amount_minor, filter.amount_minor)) &&
    (!filter.status || transaction.status === filter.status) &&
    (!filter.direction || transaction.direction === filter.direction) &&
    (filter.needs_review === undefined || transaction.needs_review === filter.needs_review);
  return { ...listed, items: listed.items.filter(kept) };
}
