import * as z from 'zod/mini';
import { PERIODS } from '../../domain/revenue.ts';
import { calendarDate } from './common.ts';
import { createInvoiceBody } from './invoices.ts';
import './zod-locale.ts';

export const revenueReportQuery = z.strictObject({
  period: z.enum(PERIODS),
  start_date: calendarDate,
  end_date: z.optional(calendarDate),
  currency: createInvoiceBody.def.shape.currency,
});
export type RevenueReportQuery = z.infer<typeof revenueReportQuery>;
