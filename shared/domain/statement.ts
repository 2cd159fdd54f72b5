// A client's statement of account (docs/collections.md "Statements"): every document and movement of
// money in a period with a running balance per currency, and the open amounts by age. What the
// client owes goes up (+) with invoices and refunds paid out, and down (-) with payments and credit
// notes; each entry belongs to one invoice, so the closing balance is the sum of their open amounts.
import { daysBetween } from '#shared/domain/dates';

export type StatementEntry = {
  date: string;
  type: 'invoice' | 'late_fee' | 'credit_note' | 'payment' | 'refund';
  document_id: string;
  number: string;
  invoice_id: string;
  currency: string;
  amount_minor: number;
};

export type AgeingBucket = 'current' | 'days_1_30' | 'days_31_60' | 'days_61_90' | 'over_90';
export const AGEING_BUCKETS: readonly AgeingBucket[] = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'];

const bucketOf = (daysLate: number): AgeingBucket =>
  daysLate <= 0
    ? 'current'
    : daysLate <= 30
      ? 'days_1_30'
      : daysLate <= 60
        ? 'days_31_60'
        : daysLate <= 90
          ? 'days_61_90'
          : 'over_90';

export type CurrencyStatement = {
  currency: string;
  opening_minor: number;
  entries: (StatementEntry & { balance_minor: number })[];
  closing_minor: number;
  ageing: Record<AgeingBucket, number>;
};

/** Entries in date order (a document before the money that settles it on the same day). */
const ORDER: Record<StatementEntry['type'], number> = {
  invoice: 0,
  late_fee: 0,
  refund: 1,
  credit_note: 2,
  payment: 3,
};
const byDate = (a: StatementEntry, b: StatementEntry) =>
  a.date.localeCompare(b.date) || ORDER[a.type] - ORDER[b.type] || a.document_id.localeCompare(b.document_id);

/** The statement of `entries` from `from` to `to` (inclusive), with each invoice's due date for its age. */
export function statementOf(
  entries: StatementEntry[],
  dueDates: Map<string, string>,
  period: { from: string; to: string },
): CurrencyStatement[] {
  const currencies = [...new Set(entries.map((entry) => entry.currency))].sort();
  return currencies.map((currency) => {
    const own = entries.filter((entry) => entry.currency === currency && entry.date <= period.to).sort(byDate);
    const opening = own.filter((entry) => entry.date < period.from).reduce((sum, entry) => sum + entry.amount_minor, 0);
    let balance = opening;
    const inPeriod = own
      .filter((entry) => entry.date >= period.from)
      .map((entry) => ({ ...entry, balance_minor: (balance += entry.amount_minor) }));
    const open = new Map<string, number>();
    for (const entry of own) open.set(entry.invoice_id, (open.get(entry.invoice_id) ?? 0) + entry.amount_minor);
    const ageing = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgeingBucket, number>;
    for (const [invoiceId, amount] of open) {
      const due = dueDates.get(invoiceId) ?? period.to;
      ageing[bucketOf(daysBetween(due, period.to))] += amount;
    }
    return { currency, opening_minor: opening, entries: inPeriod, closing_minor: balance, ageing };
  });
}
