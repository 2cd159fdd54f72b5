// A revenue report from the stored buckets: the range checked and aligned to whole periods, rows
// per period and currency, totals per currency (definitions: docs/reports.md).
import type { Bucket } from '#shared/data/revenue';
import {
  CONVERTED,
  type Period,
  periodsBetween,
  revenueReport,
  type PeriodKind,
  type ReportRow,
  type RevenueReport,
} from '#shared/domain/revenue';
import { validationError } from '#shared/domain/errors';

/** Longest range one report covers: ten years (120 monthly rows per currency). */
export const MAX_REPORT_YEARS = 10;

/**
 * `end_date` defaults to `today` (the organization's); both ends widen to whole periods. A range
 * that ends before it starts, or spans more than MAX_REPORT_YEARS, is refused.
 */
export function buildRevenueReport(
  buckets: Bucket[],
  query: { period: PeriodKind; start_date: string; end_date?: string },
  today: string,
): RevenueReport {
  const end = query.end_date ?? today;
  if (end < query.start_date)
    throw validationError({
      [query.end_date ? 'end_date' : 'start_date']: query.end_date
        ? 'may not be before start_date'
        : `may not be after today (${today}) when end_date is not given`,
    });
  const periods = periodsBetween(query.period, query.start_date, end);
  const last = periods.at(-1)!;
  if (
    Number(last.end.slice(0, 4)) * 12 +
      Number(last.end.slice(5, 7)) -
      (Number(periods[0]!.start.slice(0, 4)) * 12 + Number(periods[0]!.start.slice(5, 7))) >=
    MAX_REPORT_YEARS * 12
  ) {
    throw validationError({ end_date: `the range may cover at most ${MAX_REPORT_YEARS} years` });
  }
  const inRange = buckets.filter((bucket) => bucket.month <= last.lastMonth);
  const own = inRange.filter((bucket) => !bucket.currency.startsWith(CONVERTED));
  const converted = inRange
    .filter((bucket) => bucket.currency.startsWith(CONVERTED))
    .map((bucket) => ({ ...bucket, currency: bucket.currency.slice(CONVERTED.length) }));
  const rows = sortedRows(own, periods);
  return {
    period: query.period,
    startDate: periods[0]!.start,
    endDate: last.end,
    rows,
    totals: totalsOf(rows),
    totalsInAccountingCurrency: totalsOf(sortedRows(converted, periods)),
  };
}

const sortedRows = (buckets: Bucket[], periods: Period[]) =>
  revenueReport(buckets, periods).sort(
    (a, b) => a.period.start.localeCompare(b.period.start) || a.currency.localeCompare(b.currency),
  );

/** Per currency: flows add up over the rows; balances are the last period's (rows are in date order). */
function totalsOf(rows: ReportRow[]): Omit<ReportRow, 'period'>[] {
  const totals = new Map<string, Omit<ReportRow, 'period'>>();
  for (const { period: _period, ...row } of rows) {
    const total = totals.get(row.currency);
    totals.set(
      row.currency,
      total
        ? {
            ...row,
            invoiced: total.invoiced + row.invoiced,
            credited: total.credited + row.credited,
            collected: total.collected + row.collected,
            refunded: total.refunded + row.refunded,
            invoice_count: total.invoice_count + row.invoice_count,
            payment_count: total.payment_count + row.payment_count,
          }
        : row,
    );
  }
  return [...totals.values()];
}
