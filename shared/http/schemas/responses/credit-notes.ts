// Credit notes as the API answers them (shared/domain/resources/credit-note.ts).
import * as z from 'zod/mini';
import { CREDIT_REASONS } from '#shared/domain/credit-note';
import type { creditNoteResource } from '#shared/domain/resources/credit-note';
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
import { inAccountingCurrency, taxCategory, taxRate, taxRow } from '#shared/http/schemas/responses/invoices';
import { peppolSendingResponse } from '#shared/http/schemas/responses/peppol';
import { creditNoteSending } from '#shared/http/schemas/responses/sending';
import { buyerResponse, sellerResponse } from '#shared/http/schemas/responses/parties';

const creditNoteLine = z.strictObject({
  invoice_line: z.nullable(z.number()).register(z.globalRegistry, {
    description: 'Index of the invoice line it credits; null for an amount spread over the whole invoice',
  }),
  description: z.string(),
  quantity: z.nullable(z.number()),
  unit: nullableText,
  unit_price: nullableText,
  tax_category: taxCategory,
  tax_rate: taxRate,
  net_amount: money,
  tax_amount: money,
  total: money,
});

export const creditNoteResponse = z
  .strictObject({
    id: idOfResource('cn'),
    credit_note_number: z.string(),
    invoice: z.strictObject({
      id: idOfResource('inv'),
      number: z.string(),
      issue_date: calendarDate,
      due_date: calendarDate,
    }),
    client: z.strictObject({ id: idOfResource('cli'), name: z.string() }),
    issue_date: calendarDate,
    currency,
    locale: z.string(),
    seller: z.nullable(sellerResponse),
    buyer: z.nullable(buyerResponse),
    reason: z.enum(CREDIT_REASONS),
    memo: z.string(),
    line_items: z.array(creditNoteLine),
    subtotal: money,
    tax_amount: money,
    total_amount: money,
    amount_refunded: money,
    tax_breakdown: z.array(taxRow),
    ...inAccountingCurrency,
    sendings: z.array(z.union([creditNoteSending, peppolSendingResponse])),
    public_url: z.url(),
    pdf_url: z.url(),
    metadata: metadataResponse,
    created_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'CreditNote' });

export const creditNotePage = pageOf(creditNoteResponse).register(z.globalRegistry, { id: 'CreditNotePage' });
export const creditNoteList = pageOf(creditNoteResponse).register(z.globalRegistry, { id: 'CreditNoteList' });

const _agree: [Same<z.output<typeof creditNoteResponse>, ReturnType<typeof creditNoteResource>>] = [true];
