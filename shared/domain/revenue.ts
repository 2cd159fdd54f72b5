// Revenue aggregates and reports (docs/reports.md), as pure functions. Every invoice and payment
// adds amounts to monthly buckets; a report of any period kind adds buckets up. Additions commute,
// so events may be applied in any order and the sum is the same.
import { conversionFactor, type FixedRate, roundHalfUp } from '#shared/domain/exchange-rate';

/** Amounts per bucket, in minor units (bigint: sums of many invoices outgrow a double). */
export const REVENUE_FIELDS = [
  /** Totals of issued (sent, not void) invoices by issue month, less credit notes by their month. */
  'invoiced',
  /** Credit notes, by the month they were issued. */
  'credited',
  'invoice_count',
  /** Payments, by the month they were paid. */
  'collected',
  /** Refunds, by the month they were paid back. */
  'refunded',
  'payment_count',
  /** Payments, by the later of paid month and issue month: what has stopped being outstanding. */
  'settled',
  /** Totals of issued invoices, by the later of issue month and due month: what has fallen due. */
  'came_due',
  /** Payments, by the latest of paid, issue and due month: what has stopped being overdue. */
  'settled_after_due',
] as const;
export type RevenueField = (typeof REVENUE_FIELDS)[number];
export type Amounts = Record<RevenueField, bigint>;

/** What one invoice or payment adds to one bucket (organization implied): currency and `YYYY-MM`. */
export type Contribution = { currency: string; month: string; amounts: Partial<Amounts> };

export const zeroAmounts = (): Amounts => Object.fromEntries(REVENUE_FIELDS.map((field) => [field, 0n])) as Amounts;
const monthOf = (date: string) => date.slice(0, 7);
const latest = (...months: string[]) => months.reduce((a, b) => (a > b ? a : b));

/** An invoice issued (`sign` 1n), or an issued invoice voided (`sign` -1n: it no longer counts at all). */
export function invoiceIssued(
  invoice: { currency: string; issue_date: string; due_date: string; total_minor: bigint },
  sign: 1n | -1n = 1n,
): Contribution[] {
  const issued = monthOf(invoice.issue_date);
  return [
    {
      currency: invoice.currency,
      month: issued,
      amounts: { invoiced: sign * invoice.total_minor, invoice_count: sign },
    },
    {
      currency: invoice.currency,
      month: latest(issued, monthOf(invoice.due_date)),
      amounts: { came_due: sign * invoice.total_minor },
    },
  ];
}

/**
 * A credit note, issued on `issue_date`, against an invoice with these dates: it credits its month and
 * takes its total off what was invoiced then, and off what has fallen due from when the invoice did.
 */
export function creditNoteIssued(creditNote: {
  currency: string;
  issue_date: string;
  invoice: { issue_date: string; due_date: string };
  total_minor: bigint;
}): Contribution[] {
  const credited = monthOf(creditNote.issue_date);
  return [
    {
      currency: creditNote.currency,
      month: credited,
      amounts: { credited: creditNote.total_minor, invoiced: -creditNote.total_minor },
    },
    {
      currency: creditNote.currency,
      month: latest(credited, monthOf(creditNote.invoice.issue_date), monthOf(creditNote.invoice.due_date)),
      amounts: { came_due: -creditNote.total_minor },
    },
  ];
}

/** A refund paid back on `refunded_date`: it undoes part of what payments settled, from then on. */
export function refundPaid(
  refund: { currency: string; refunded_date: string; amount_minor: bigint },
  invoice: { issue_date: string; due_date: string },
): Contribution[] {
  const refunded = monthOf(refund.refunded_date);
  const issued = monthOf(invoice.issue_date);
  return [
    { currency: refund.currency, month: refunded, amounts: { refunded: refund.amount_minor } },
    { currency: refund.currency, month: latest(refunded, issued), amounts: { settled: -refund.amount_minor } },
    {
      currency: refund.currency,
      month: latest(refunded, issued, monthOf(invoice.due_date)),
      amounts: { settled_after_due: -refund.amount_minor },
    },
  ];
}

/**
 * A payment, paid on `paid_date` (the organization's calendar), against an invoice with these dates
 * (`sign` 1n), or that payment taken back (`sign` -1n: a bank transfer unmatched, it counts nowhere).
 */
export function paymentReceived(
  payment: { currency: string; paid_date: string; amount_minor: bigint },
  invoice: { issue_date: string; due_date: string },
  sign = 1n,
): Contribution[] {
  const paid = monthOf(payment.paid_date);
  const issued = monthOf(invoice.issue_date);
  const amount = payment.amount_minor * sign;
  return [
    { currency: payment.currency, month: paid, amounts: { collected: amount, payment_count: sign } },
    { currency: payment.currency, month: latest(paid, issued), amounts: { settled: amount } },
    {
      currency: payment.currency,
      month: latest(paid, issued, monthOf(invoice.due_date)),
      amounts: { settled_after_due: amount },
    },
  ];
}

/** A bucket of amounts converted into an accounting currency is keyed `=EUR`, beside the per-currency ones. */
export const CONVERTED = '=';
const COUNTS = new Set<RevenueField>(['invoice_count', 'payment_count']);

/**
 * The same contributions converted into the document's accounting currency at its fixed rate (docs/reports.md
 * "In the accounting currency"): each amount half up to the cent, counts as they are. A document in the
 * accounting currency (no rate) counts as it is, in its own currency.
 */
export function convertedContributions(contributions: Contribution[], document: FixedRate): Contribution[] {
  const { accounting_currency: accounting, exchange_rate: rate } = document;
  const converting = accounting && rate && accounting !== document.currency;
  const factor = converting ? conversionFactor(rate, document.currency, accounting) : { num: 1n, den: 1n };
  return contributions.map(({ month, amounts }) => ({
    currency: `${CONVERTED}${converting ? accounting : document.currency}`,
    month,
    amounts: Object.fromEntries(
      (Object.entries(amounts) as [RevenueField, bigint][]).map(([field, amount]) => [
        field,
        COUNTS.has(field) ? amount : roundHalfUp({ num: amount * factor.num, den: factor.den }),
      ]),
    ),
  }));
}

/** Contributions to the same bucket added together (one write per bucket). */
export function merged(contributions: Contribution[]): Contribution[] {
  const buckets = new Map<string, Contribution>();
  for (const { currency, month, amounts } of contributions) {
    const bucket = buckets.get(`${currency}#${month}`) ?? { currency, month, amounts: {} };
    for (const [field, amount] of Object.entries(amounts) as [RevenueField, bigint][])
      bucket.amounts[field] = (bucket.amounts[field] ?? 0n) + amount;
    buckets.set(`${currency}#${month}`, bucket);
  }
  return [...buckets.values()];
}

export const PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type PeriodKind = (typeof PERIODS)[number];
const MONTHS_IN: Record<PeriodKind, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthText = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
const lastDay = (index: number) => new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();

export type Period = { start: string; end: string; firstMonth: string; lastMonth: string };

/** The calendar periods from the one holding `start` to the one holding `end`. */
export function periodsBetween(kind: PeriodKind, start: string, end: string): Period[] {
  const size = MONTHS_IN[kind];
  const first = monthIndex(start) - (monthIndex(start) % size);
  const periods: Period[] = [];
  for (let month = first; month <= monthIndex(end); month += size) {
    const last = month + size - 1;
    periods.push({
      start: `${monthText(month)}-01`,
      end: `${monthText(last)}-${String(lastDay(last)).padStart(2, '0')}`,
      firstMonth: monthText(month),
      lastMonth: monthText(last),
    });
  }
  return periods;
}

export type ReportRow = {
  period: Period;
  currency: string;
  invoiced: bigint;
  credited: bigint;
  collected: bigint;
  refunded: bigint;
  outstanding: bigint;
  overdue: bigint;
  invoice_count: bigint;
  payment_count: bigint;
};

/**
 * One row per period and currency. Flows (invoiced, collected, counts) add up the period's months;
 * outstanding and overdue are balances at the period's end, so they add up every month before it.
 */
export function revenueReport(
  buckets: { currency: string; month: string; amounts: Amounts }[],
  periods: Period[],
): ReportRow[] {
  const currencies = [...new Set(buckets.map((bucket) => bucket.currency))].sort();
  const rows: ReportRow[] = [];
  for (const currency of currencies) {
    const months = buckets
      .filter((bucket) => bucket.currency === currency)
      .sort((a, b) => a.month.localeCompare(b.month));
    let next = 0;
    const balance = { outstanding: 0n, overdue: 0n };
    for (const period of periods) {
      const row: ReportRow = {
        period,
        currency,
        invoiced: 0n,
        credited: 0n,
        collected: 0n,
        refunded: 0n,
        outstanding: 0n,
        overdue: 0n,
        invoice_count: 0n,
        payment_count: 0n,
      };
      for (; next < months.length && months[next]!.month <= period.lastMonth; next++) {
        const { month, amounts } = months[next]!;
        balance.outstanding += amounts.invoiced - amounts.settled;
        balance.overdue += amounts.came_due - amounts.settled_after_due;
        if (month < period.firstMonth) continue;
        row.invoiced += amounts.invoiced;
        row.credited += amounts.credited;
        row.collected += amounts.collected;
        row.refunded += amounts.refunded;
        row.invoice_count += amounts.invoice_count;
        row.payment_count += amounts.payment_count;
      }
      rows.push({ ...row, ...balance });
    }
  }
  return rows;
}

export type RevenueReport = {
  period: PeriodKind;
  startDate: string;
  endDate: string;
  rows: ReportRow[];
  totals: Omit<ReportRow, 'period'>[];
  /** The same totals converted at each document's fixed rate, per accounting currency. */
  totalsInAccountingCurrency: Omit<ReportRow, 'period'>[];
};
