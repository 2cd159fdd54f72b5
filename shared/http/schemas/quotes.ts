// The bodies of the quote routes: the invoice's line model, an expiry date in place of a due date.
import * as z from 'zod/mini';
import '#shared/zod-locale';
import type { NewQuote } from '#shared/quotes/create-quote';
import type { QuoteChanges } from '#shared/quotes/update-quote';
import { calendarDate } from '#shared/http/schemas/common';
import { metadata, metadataChanges } from '#shared/http/schemas/metadata';
import type { QuoteConversion } from '#shared/quotes/convert-quote';
import { invoiceFields, lineInput, percentOrAmount, toDiscount } from '#shared/http/schemas/invoices';

const { client, currency, line_items, notes, terms, discount, prices_include_tax, locale } = invoiceFields;
const quoteFields = {
  client,
  issue_date: calendarDate,
  expiry_date: calendarDate,
  currency,
  line_items,
  notes,
  terms,
  discount,
  prices_include_tax,
  locale,
};

const expiryNotBeforeIssue = z.refine<{ issue_date?: string; expiry_date?: string }>(
  (body) => !body.issue_date || !body.expiry_date || body.expiry_date >= body.issue_date,
  { message: 'may not be before issue_date', path: ['expiry_date'] },
);

export const createQuoteBody = z
  .strictObject({
    client,
    line_items,
    issue_date: z.optional(calendarDate),
    expiry_date: z.optional(calendarDate),
    currency: z.optional(currency),
    notes: z.optional(notes),
    terms: z.optional(terms),
    discount: z.optional(discount),
    prices_include_tax: z.optional(prices_include_tax),
    locale: z.optional(locale),
    metadata: z.optional(metadata),
  })
  .check(expiryNotBeforeIssue);

export const updateQuoteBody = z.partial(z.strictObject({ ...quoteFields, metadata: metadataChanges })).check(
  z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'),
  expiryNotBeforeIssue,
);

export const newQuoteOf = (body: z.infer<typeof createQuoteBody>): NewQuote => ({
  client_id: body.client,
  currency: body.currency,
  issue_date: body.issue_date,
  expiry_date: body.expiry_date,
  locale: body.locale,
  notes: body.notes,
  terms: body.terms,
  lines: body.line_items.map(lineInput),
  discount: toDiscount(body.discount ?? undefined),
  prices_include_tax: body.prices_include_tax,
  ...(body.metadata ? { metadata: body.metadata } : {}),
});

export const quoteChangesOf = (body: z.infer<typeof updateQuoteBody>): QuoteChanges => ({
  client_id: body.client,
  currency: body.currency,
  issue_date: body.issue_date,
  expiry_date: body.expiry_date,
  locale: body.locale,
  notes: body.notes,
  terms: body.terms,
  lines: body.line_items?.map(lineInput),
  discount: body.discount === undefined ? undefined : body.discount && toDiscount(body.discount)!,
  prices_include_tax: body.prices_include_tax,
  metadata: body.metadata,
});

/** `{ "kind": "full" | "final" }`, or a deposit of `{ "percent": "30" }` or `{ "amount": "1190.00" }` (VAT included). */
export const convertQuoteBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('full') }),
  z.strictObject({ kind: z.literal('final') }),
  percentOrAmount(2, { kind: z.literal('deposit') }),
]);

export const quoteConversionOf = (body: z.infer<typeof convertQuoteBody>): QuoteConversion =>
  body.kind !== 'deposit'
    ? { kind: body.kind }
    : body.percent
      ? { kind: 'deposit', percent: body.percent }
      : { kind: 'deposit', amount: body.amount! };
