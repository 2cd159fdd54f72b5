// The organization's bank transactions, newest booking date first: a period of booking dates is a
// range of ids (they begin with the booking date's time), the other filters are checked on the items read.
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
};

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
  const kept = (transaction: BankTransaction) =>
    (!filter.status || transaction.status === filter.status) &&
    (!filter.direction || transaction.direction === filter.direction) &&
    (filter.needs_review === undefined || transaction.needs_review === filter.needs_review);
  return { ...listed, items: listed.items.filter(kept) };
}
