// How a revenue report looks in responses: money as two-decimal strings, counts as numbers.
import type { ReportRow, RevenueReport } from '#shared/domain/revenue';
import { formatMinor } from '#shared/domain/decimal';

const figures = (row: Omit<ReportRow, 'period'>) => ({
  currency: row.currency,
  invoiced: formatMinor(row.invoiced),
  credited: formatMinor(row.credited),
  collected: formatMinor(row.collected),
  refunded: formatMinor(row.refunded),
  outstanding: formatMinor(row.outstanding),
  overdue: formatMinor(row.overdue),
  invoice_count: Number(row.invoice_count),
  payment_count: Number(row.payment_count),
});

export const revenueReportResource = (report: RevenueReport, timeZone: string) => ({
  period: report.period,
  start_date: report.startDate,
  end_date: report.endDate,
  time_zone: timeZone,
  rows: report.rows.map((row) => ({ period_start: row.period.start, period_end: row.period.end, ...figures(row) })),
  totals: report.totals.map(figures),
  totals_in_accounting_currency: report.totalsInAccountingCurrency.map(figures),
});
