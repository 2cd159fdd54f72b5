import { LIMITS, type LineItemInput } from '#shared/domain/invoice';
import type { InvoiceChanges } from '#shared/invoicing/update-invoice';
import { TAX_CATEGORIES } from '#shared/domain/tax';
import { isUnitCode } from '#shared/domain/unit-codes';
import { DOCUMENT_LANGUAGES, isDocumentLocale } from '#shared/domain/locale';
import { calendarDate, decimal, exactlyOne, idOf, text } from '#shared/http/schemas/common';
import { currency } from '#shared/http/schemas/currency';
import { manualRate } from '#shared/http/schemas/issuing';
import { metadata, metadataChanges } from '#shared/http/schemas/metadata';
import * as z from 'zod/mini';
import '#shared/zod-locale';

const notesText = z.string().check(z.maxLength(5000, 'may have at most 5000 characters'));

/** `{ "percent": "10" }` or `{ "amount": "5.00" }`, exactly one of the two, beside the `shape` given. */
export const percentOrAmount = <Shape extends Record<string, z.ZodMiniType>>(percentFraction: number, shape: Shape) =>
  z
    .strictObject({
      ...shape,
      percent: z.optional(
        decimal({ maxFraction: percentFraction, max: { units: 100n, scale: 0 }, allowNumber: false, positive: true }),
      ),
      amount: z.optional(
        decimal({ maxFraction: 2, max: { units: LIMITS.maxTotalMinor, scale: 2 }, allowNumber: false, positive: true }),
      ),
    })
    .check(...exactlyOne('percent', 'amount'));

const discount = percentOrAmount(4, {});

export const toDiscount = (given: z.infer<typeof discount> | undefined) =>
  given === undefined ? undefined : given.percent ? { percent: given.percent } : { amount: given.amount! };

const lineItem = z.strictObject({
  description: text(1000),
  unit: z.optional(z.string().check(z.refine<string>(isUnitCode, 'must be a UN/ECE Recommendation 20 unit code'))),
  quantity: decimal({
    maxFraction: LIMITS.quantityFractionDigits,
    max: { units: LIMITS.maxQuantity, scale: 0 },
    allowNumber: true,
    positive: true,
  }),
  unit_price: decimal({
    maxFraction: 2,
    max: { units: LIMITS.maxUnitPriceMinor, scale: 2 },
    allowNumber: false,
    positive: false,
  }),
  tax_rate: z.optional(
    decimal({
      maxFraction: LIMITS.taxRateFractionDigits,
      max: { units: 100n, scale: 0 },
      allowNumber: false,
      positive: false,
    }),
  ),
  tax_category: z.optional(z.enum(TAX_CATEGORIES, `must be one of ${TAX_CATEGORIES.join(', ')}`)),
  tax_exemption_reason: z.optional(text(1000)),
  discount: z.optional(discount),
});

export type LineItemBody = z.infer<typeof lineItem>;

const servicePeriod = z.strictObject({ start: calendarDate, end: calendarDate }).check(
  z.refine<{ start: string; end: string }>((period) => period.end >= period.start, {
    message: 'may not be before start',
    path: ['end'],
  }),
);

export const invoiceFields = {
  client: idOf('cli'),
  issue_date: calendarDate,
  due_date: calendarDate,
  currency,
  line_items: z
    .array(lineItem)
    .check(
      z.minLength(1, 'must hold at least one line item'),
      z.maxLength(LIMITS.maxLineItems, `may hold at most ${LIMITS.maxLineItems} line items`),
    ),
  notes: notesText,
  terms: notesText,
  discount: z.nullable(discount),
  prices_include_tax: z.boolean('must be true or false'),
  supply_date: z.nullable(calendarDate),
  service_period: z.nullable(servicePeriod),
  /** The buyer's reference (BT-10), such as a German Leitweg-ID, and its purchase order (BT-13). */
  buyer_reference: z.nullable(text(200)),
  purchase_order: z.nullable(text(200)),
  locale: z
    .string()
    .check(z.refine<string>(isDocumentLocale, `must be a BCP 47 tag in ${DOCUMENT_LANGUAGES.join(', ')}`)),
};

const oneSupplyDate = z.refine<{ supply_date?: unknown; service_period?: unknown }>(
  (body) => !body.supply_date || !body.service_period,
  { message: 'give supply_date or service_period, not both', path: ['service_period'] },
);

const dueNotBeforeIssue = z.refine<{ issue_date?: string; due_date?: string }>(
  (body) => !body.issue_date || !body.due_date || body.due_date >= body.issue_date,
  { message: 'may not be before issue_date', path: ['due_date'] },
);

export const createInvoiceBody = z
  .strictObject({
    ...invoiceFields,
    issue_date: z.optional(calendarDate),
    due_date: z.optional(calendarDate),
    currency: z.optional(invoiceFields.currency),
    notes: z.optional(notesText),
    terms: z.optional(notesText),
    discount: z.optional(discount),
    prices_include_tax: z.optional(invoiceFields.prices_include_tax),
    supply_date: z.optional(calendarDate),
    service_period: z.optional(servicePeriod),
    buyer_reference: z.optional(text(200)),
    purchase_order: z.optional(text(200)),
    locale: z.optional(invoiceFields.locale),
    metadata: z.optional(metadata),
  })
  .check(dueNotBeforeIssue, oneSupplyDate);
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

export const updateInvoiceBody = z
  .partial(
    z.strictObject({
      ...invoiceFields,
      /** True: the reminder schedule sends this invoice nothing (any state; the rest only on drafts). */
      reminders_paused: z.boolean('must be true or false'),
      /** A rate given by hand, fixed when the draft is issued; null: the ECB's (docs/invoices.md "Foreign currency"). */
      exchange_rate: z.nullable(manualRate),
      /** Not content either: changes in any state. */
      metadata: metadataChanges,
    }),
  )
  .check(
    z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'),
    dueNotBeforeIssue,
    oneSupplyDate,
  );
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;

/** A new invoice as createInvoice takes it: priced there, under the organization's tax rounding. */
export function newInvoiceContent(body: CreateInvoiceBody) {
  return {
    client_id: body.client,
    issue_date: body.issue_date,
    due_date: body.due_date,
    currency: body.currency,
    notes: body.notes,
    terms: body.terms,
    ...supplyOf(body),
    buyer_reference: body.buyer_reference,
    purchase_order: body.purchase_order,
    locale: body.locale,
    lines: body.line_items.map(lineInput),
    discount: toDiscount(body.discount),
    prices_include_tax: body.prices_include_tax,
    ...(body.metadata ? { metadata: body.metadata } : {}),
  };
}

const supplyOf = (body: { supply_date?: string | null; service_period?: { start: string; end: string } | null }) => ({
  ...(body.supply_date ? { supply_date: body.supply_date } : {}),
  ...(body.service_period ? { service_period: body.service_period } : {}),
});

/** A draft's changes as the update operation takes them: null clears a field, absent keeps it. */
export const invoiceChangesOf = (body: UpdateInvoiceBody): InvoiceChanges => ({
  ...(body.client !== undefined ? { client_id: body.client } : {}),
  issue_date: body.issue_date,
  due_date: body.due_date,
  currency: body.currency,
  notes: body.notes,
  terms: body.terms,
  buyer_reference: body.buyer_reference,
  purchase_order: body.purchase_order,
  locale: body.locale,
  supply_date: body.supply_date,
  service_period: body.service_period,
  lines: body.line_items?.map(lineInput),
  discount: body.discount === undefined ? undefined : body.discount && toDiscount(body.discount)!,
  prices_include_tax: body.prices_include_tax,
  reminders_paused: body.reminders_paused,
  manual_rate: body.exchange_rate,
  metadata: body.metadata,
});

export const lineInput = (line: LineItemBody): LineItemInput => ({
  description: line.description,
  quantity: line.quantity,
  unitPrice: line.unit_price,
  unit: line.unit,
  taxRate: line.tax_rate,
  taxCategory: line.tax_category,
  taxExemptionReason: line.tax_exemption_reason,
  discount: toDiscount(line.discount),
});
