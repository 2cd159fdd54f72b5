// The revenue report and the voided numbers of a series as the API answers them.
import * as z from 'zod/mini';
import { PERIODS } from '#shared/domain/revenue';
import type { revenueReportResource } from '#shared/domain/resources/revenue-report';
import type { voidedNumberResource } from '#shared/domain/resources/voided-number';
import { pageOf, calendarDate, currency, money, type Same, timestamp } from '#shared/http/schemas/responses/common';

const figures = {
  currency,
  invoiced: money,
  credited: money,
  collected: money,
  refunded: money,
  outstanding: money,
  overdue: money,
  invoice_count: z.number(),
  payment_count: z.number(),
};

export const revenueReportResponse = z
  .strictObject({
    period: z.enum(PERIODS),
    start_date: calendarDate,
    end_date: calendarDate,
    time_zone: z.string(),
    rows: z.array(z.strictObject({ period_start: calendarDate, period_end: calendarDate, ...figures })),
    totals: z.array(z.strictObject(figures)),
    /** The totals again, every document converted at its fixed rate into its accounting currency (docs/reports.md). */
    totals_in_accounting_currency: z.array(z.strictObject(figures)),
  })
  .register(z.globalRegistry, { id: 'RevenueReport' });

export const voidedNumberResponse = z
  .strictObject({
    number: z.string(),
    sequence: z.number(),
    series: z.string(),
    reason: z.string(),
    voided_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'VoidedNumber' });

export const voidedNumberList = pageOf(voidedNumberResponse).register(z.globalRegistry, { id: 'VoidedNumberList' });

const _agree: [
  Same<z.output<typeof revenueReportResponse>, ReturnType<typeof revenueReportResource>>,
  Same<z.output<typeof voidedNumberResponse>, ReturnType<typeof voidedNumberResource>>,
] = [true, true];
