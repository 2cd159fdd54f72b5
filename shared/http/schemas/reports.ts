import * as z from 'zod/mini';
import { PERIODS } from '#shared/domain/revenue';
import { calendarDate } from '#shared/http/schemas/common';
import { createInvoiceBody } from '#shared/http/schemas/invoices';
import '#shared/zod-locale';

export const revenueReportQuery = z.strictObject({
  period: z.enum(PERIODS),
  start_date: calendarDate,
  end_date: z.optional(calendarDate),
  currency: createInvoiceBody.def.shape.currency,
});
export type RevenueReportQuery = z.infer<typeof revenueReportQuery>;
