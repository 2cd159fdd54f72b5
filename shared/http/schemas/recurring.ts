import * as z from 'zod/mini';
import { isCalendarDate } from '#shared/domain/dates';
import { FREQUENCIES } from '#shared/domain/recurrence';
import { calendarDate, cursor, idOf, listLimit, text } from '#shared/http/schemas/common';
import { createInvoiceBody } from '#shared/http/schemas/invoices';
import { metadata, metadataChanges, metadataFilter } from '#shared/http/schemas/metadata';
import '#shared/zod-locale';

const lineItems = createInvoiceBody.def.shape.line_items;
const fields = createInvoiceBody.def.shape;

export const createRecurringBody = z
  .strictObject({
    client: idOf('cli'),
    frequency: z.enum(FREQUENCIES),
    line_items: lineItems,
    interval: z._default(
      z
        .number()
        .check(
          z.refine<number>((n) => Number.isInteger(n) && n >= 1 && n <= 12, 'must be a whole number from 1 to 12'),
        ),
      1,
    ),
    start_date: z.optional(calendarDate),
    end_date: z.optional(z.string().check(z.refine<string>(isCalendarDate, 'must be a real date written YYYY-MM-DD'))),
    max_count: z.optional(
      z
        .number()
        .check(
          z.refine<number>((n) => Number.isInteger(n) && n >= 1 && n <= 1000, 'must be a whole number from 1 to 1000'),
        ),
    ),
    day_of_month: z.optional(
      z.number().check(z.refine<number>((n) => Number.isInteger(n) && n >= 1 && n <= 31, 'must be a day from 1 to 31')),
    ),
    due_in_days: z._default(
      z.number().check(z.refine<number>((n) => Number.isInteger(n) && n >= 0 && n <= 365, 'must be 0 to 365 days')),
      30,
    ),
    currency: fields.currency,
    notes: fields.notes,
    terms: fields.terms,
    buyer_reference: fields.buyer_reference,
    purchase_order: fields.purchase_order,
    auto_send: z._default(z.boolean(), false),
    send_to: z.optional(z.email('must be an e-mail address')),
    metadata: z.optional(metadata),
  })
  .check(
    z.refine<{ end_date?: string; max_count?: number }>((body) => !(body.end_date && body.max_count), {
      message: 'give end_date or max_count, not both',
      path: ['max_count'],
    }),
  );

/** What may change on a running template; its frequency, interval and start define its periods and stay. */
export const updateRecurringBody = z
  .strictObject({
    line_items: z.optional(lineItems),
    end_date: z.optional(z.nullable(calendarDate)),
    max_count: z.optional(
      z.nullable(
        z
          .number()
          .check(
            z.refine<number>(
              (n) => Number.isInteger(n) && n >= 1 && n <= 1000,
              'must be a whole number from 1 to 1000',
            ),
          ),
      ),
    ),
    day_of_month: z.optional(
      z.number().check(z.refine<number>((n) => Number.isInteger(n) && n >= 1 && n <= 31, 'must be a day from 1 to 31')),
    ),
    due_in_days: z.optional(
      z.number().check(z.refine<number>((n) => Number.isInteger(n) && n >= 0 && n <= 365, 'must be 0 to 365 days')),
    ),
    currency: fields.currency,
    notes: fields.notes,
    terms: fields.terms,
    buyer_reference: z.optional(z.nullable(text(200))),
    purchase_order: z.optional(z.nullable(text(200))),
    auto_send: z.optional(z.boolean()),
    send_to: z.optional(z.nullable(z.email('must be an e-mail address'))),
    /** Changes in any state, an ended template's too. */
    metadata: z.optional(metadataChanges),
  })
  .check(z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'));

/** The template list is one page; metadata narrows it. */
export const listRecurringQuery = z.strictObject({ limit: listLimit, cursor, metadata: metadataFilter });
