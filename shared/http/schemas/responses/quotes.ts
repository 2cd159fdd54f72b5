// Quotes as the API answers them (shared/domain/resources/quote.ts).
import * as z from 'zod/mini';
import { QUOTE_STATUSES } from '#shared/domain/quote';
import { QUOTE_INVOICE_KINDS } from '#shared/domain/invoice';
import type { quoteResource } from '#shared/domain/resources/quote';
import { TAX_ROUNDINGS } from '#shared/domain/tax';
import {
  calendarDate,
  currency,
  idOfResource,
  metadataResponse,
  money,
  nullableText,
  pageOf,
  type Same,
  timestamp,
} from '#shared/http/schemas/responses/common';
import { discount, invoiceLine, taxRow } from '#shared/http/schemas/responses/invoices';
import { buyerResponse, sellerResponse } from '#shared/http/schemas/responses/parties';
import { quoteSending } from '#shared/http/schemas/responses/sending';

export const quoteResponse = z
  .strictObject({
    id: idOfResource('quo'),
    quote_number: z.string(),
    status: z.enum(QUOTE_STATUSES),
    client: z.strictObject({ id: idOfResource('cli'), name: z.string() }),
    seller: z.nullable(sellerResponse),
    buyer: z.nullable(buyerResponse),
    issue_date: calendarDate,
    expiry_date: calendarDate,
    currency,
    locale: z.string(),
    line_items: z.array(invoiceLine),
    discount: z.nullable(discount),
    prices_include_tax: z.boolean(),
    tax_rounding: z.enum(TAX_ROUNDINGS),
    subtotal: money,
    discount_amount: money,
    taxable_amount: money,
    tax_amount: money,
    tax_breakdown: z.array(taxRow),
    total_amount: money,
    notes: z.string(),
    terms: z.string(),
    public_url: z.url(),
    sent_at: z.nullable(timestamp),
    accepted_at: z.nullable(timestamp),
    accepted_by: nullableText,
    declined_at: z.nullable(timestamp),
    expired_at: z.nullable(timestamp),
    sendings: z.array(quoteSending),
    /** The invoices made from it, oldest first: deposits, then the final one. */
    invoices: z.array(
      z.strictObject({
        id: idOfResource('inv'),
        invoice_number: z.string(),
        kind: z.enum(QUOTE_INVOICE_KINDS),
        issue_date: calendarDate,
      }),
    ),
    metadata: metadataResponse,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Quote' });

export const quotePage = pageOf(quoteResponse).register(z.globalRegistry, { id: 'QuotePage' });

const _agree: [Same<z.output<typeof quoteResponse>, ReturnType<typeof quoteResource>>] = [true];
