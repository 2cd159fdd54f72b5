// Recurring invoice templates as the API answers them (shared/domain/resources/recurring-invoice.ts).
import * as z from 'zod/mini';
import { FREQUENCIES } from '#shared/domain/recurrence';
import type { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import {
  pageOf,
  calendarDate,
  currency,
  idOfResource,
  metadataResponse,
  nullableText,
  type Same,
  timestamp,
} from '#shared/http/schemas/responses/common';
import { discount, taxCategory, taxRate } from '#shared/http/schemas/responses/invoices';

/** A template's line: what each generated invoice bills, as given. */
const templateLine = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  unit_price: z.string(),
  tax_rate: taxRate,
  unit: z.optional(z.string()),
  tax_category: z.optional(taxCategory),
  tax_exemption_reason: z.optional(z.string()),
  discount: z.optional(discount),
});

export const recurringInvoiceResponse = z
  .strictObject({
    id: idOfResource('rec'),
    client: idOfResource('cli'),
    frequency: z.enum(FREQUENCIES),
    interval: z.number(),
    start_date: calendarDate,
    end_date: z.nullable(calendarDate),
    max_count: z.nullable(z.number()),
    day_of_month: z.nullable(z.number()),
    due_in_days: z.number(),
    currency: z.nullable(currency),
    line_items: z.array(templateLine),
    notes: z.string(),
    terms: z.string(),
    buyer_reference: nullableText,
    purchase_order: nullableText,
    auto_send: z.boolean(),
    send_to: nullableText,
    status: z.enum(['active', 'paused', 'ended']),
    next_run_date: z.nullable(calendarDate),
    last_run_date: z.nullable(calendarDate),
    generated_count: z.number(),
    metadata: metadataResponse,
    created_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'RecurringInvoice' });

export const recurringInvoiceList = pageOf(recurringInvoiceResponse).register(z.globalRegistry, {
  id: 'RecurringInvoiceList',
});

const _agree: [Same<z.output<typeof recurringInvoiceResponse>, ReturnType<typeof recurringInvoiceResource>>] = [true];
