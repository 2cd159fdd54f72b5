import {
  INVOICE_STATUSES,
  InvoiceTooLarge,
  LIMITS,
  priceInvoice,
  type Invoice,
  type InvoiceContent,
} from '#shared/domain/invoice';
import { validationError } from '#shared/domain/errors';
import { SUPPORTED_CURRENCIES } from '#shared/domain/money';
import { calendarDate, cursor, decimal, idOf, listLimit, text } from '#shared/http/schemas/common';
import * as z from 'zod/mini';
import '#shared/zod-locale';

const notesText = z.string().check(z.maxLength(5000, 'may have at most 5000 characters'));

const lineItem = z.strictObject({
  description: text(1000),
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
  tax_rate: decimal({
    maxFraction: LIMITS.taxRateFractionDigits,
    max: { units: 100n, scale: 0 },
    allowNumber: false,
    positive: false,
  }),
});

/** An ISO 4217 code the service can bill in (two fraction digits). */
export const currency = z.string().check(
  z.toUpperCase(),
  z.refine<string>(
    (code) => SUPPORTED_CURRENCIES.has(code),
    'must be a supported ISO 4217 code with two fraction digits',
  ),
);

const invoiceFields = {
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
};

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
  })
  .check(dueNotBeforeIssue);
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

export const updateInvoiceBody = z.partial(z.strictObject(invoiceFields)).check(
  z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'),
  dueNotBeforeIssue,
);
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;

export const listInvoicesQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    status: z.optional(z.enum(INVOICE_STATUSES)),
    client: z.optional(idOf('cli')),
    issue_date_from: z.optional(calendarDate),
    issue_date_to: z.optional(calendarDate),
  })
  .check(
    z.refine<{ issue_date_from?: string; issue_date_to?: string }>(
      (query) => !query.issue_date_from || !query.issue_date_to || query.issue_date_from <= query.issue_date_to,
      { message: 'may not be after issue_date_to', path: ['issue_date_from'] },
    ),
  );
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuery>;

/** The domain content of a new invoice, lines priced; dates and currency default in createInvoice. */
export function newInvoiceContent(body: CreateInvoiceBody) {
  return {
    client_id: body.client,
    issue_date: body.issue_date,
    due_date: body.due_date,
    currency: body.currency,
    notes: body.notes,
    terms: body.terms,
    ...pricedLines(body.line_items),
  };
}

/** A draft's content after a partial change; lines are repriced only when they are replaced. */
export function changedInvoiceContent(current: Invoice, body: UpdateInvoiceBody): InvoiceContent {
  const next = {
    client_id: body.client ?? current.client_id,
    issue_date: body.issue_date ?? current.issue_date,
    due_date: body.due_date ?? current.due_date,
    currency: body.currency ?? current.currency,
    notes: body.notes ?? current.notes,
    terms: body.terms ?? current.terms,
  };
  if (next.due_date < next.issue_date) throw validationError({ due_date: 'may not be before issue_date' });
  const priced = body.line_items ? pricedLines(body.line_items) : current;
  return {
    ...next,
    line_items: priced.line_items,
    subtotal_minor: priced.subtotal_minor,
    tax_amount_minor: priced.tax_amount_minor,
    total_amount_minor: priced.total_amount_minor,
  };
}

function pricedLines(lines: CreateInvoiceBody['line_items']) {
  try {
    return priceInvoice(
      lines.map((line) => ({
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        taxRate: line.tax_rate,
      })),
    );
  } catch (error) {
    if (error instanceof InvoiceTooLarge) throw validationError({ line_items: error.message });
    throw error;
  }
}

export const sendInvoiceBody = z.strictObject({ email: z.email('must be an e-mail address').check(z.maxLength(254)) });
