// Invoices as the API answers them (shared/domain/resources/invoice.ts), and the answer of a payment
// recorded with the invoice it settles (send answers with responses/sending.ts).
import * as z from 'zod/mini';
import { peppolSendingResponse } from '#shared/http/schemas/responses/peppol';
import { INVOICE_STATUSES, QUOTE_INVOICE_KINDS } from '#shared/domain/invoice';
import { TAX_CATEGORIES, TAX_ROUNDINGS } from '#shared/domain/tax';
import type { invoiceResource, reminderResource } from '#shared/domain/resources/invoice';
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
import { buyerResponse, sellerResponse } from '#shared/http/schemas/responses/parties';
import { paymentResponse } from '#shared/http/schemas/responses/payments';
import { delivery } from '#shared/http/schemas/responses/sending';

const decimalText = (description: string, examples: string[]) =>
  z
    .string()
    .check(z.regex(/^\d+(\.\d+)?$/))
    .register(z.globalRegistry, { description, examples });

export const taxCategory = z
  .enum(TAX_CATEGORIES)
  .register(z.globalRegistry, { id: 'TaxCategory', description: 'VAT category code (UNCL5305)' });
export const taxRate = decimalText('VAT rate in percent', ['19', '7.7']);

export const discount = z
  .union([z.strictObject({ percent: decimalText('Percent off', ['10']) }), z.strictObject({ amount: money })])
  .register(z.globalRegistry, { id: 'Discount', description: 'A percentage or a fixed amount off, net of tax' });

export const taxRow = z
  .strictObject({
    tax_category: taxCategory,
    tax_rate: taxRate,
    taxable_amount: money,
    tax_amount: money,
    tax_exemption_reason: nullableText,
    /** This row's share of the VAT in the accounting currency (largest remainder: the rows add up to the total). */
    tax_amount_in_accounting_currency: z.nullable(money),
  })
  .register(z.globalRegistry, { id: 'TaxBreakdownRow', description: 'One VAT category and rate (EN 16931 BG-23)' });

const rateLeg = { rate: z.string(), from: currency, to: currency };
export const exchangeRate = z
  .strictObject({
    ...rateLeg,
    date: calendarDate,
    source: z.enum(['manual', 'ecb']),
    legs: z.optional(z.tuple([z.strictObject(rateLeg), z.strictObject(rateLeg)])),
  })
  .register(z.globalRegistry, {
    id: 'ExchangeRate',
    description:
      '`rate` units of `to` per one unit of `from`, as given or as the ECB publishes it (euro → currency); ' +
      'a cross rate through the euro names its two ECB `legs` and shows `rate` to 6 significant digits',
  });

/** A document in another currency than the organization's accounting currency: its rate and VAT there. */
export const inAccountingCurrency = {
  accounting_currency: z.nullable(currency),
  exchange_rate: z.nullable(exchangeRate),
  tax_total_in_accounting_currency: z.nullable(money),
};

export const sending = z
  .strictObject({
    channel: z.literal('email'),
    to: z.string(),
    sent_at: timestamp,
    message_id: z.string(),
    reminder: z.boolean(),
    ...delivery,
  })
  .register(z.globalRegistry, { id: 'Sending', description: 'One e-mail of the document' });

export const invoiceLine = z.strictObject({
  description: z.string(),
  quantity: z.number(),
  unit: z.string().register(z.globalRegistry, { description: 'UN/ECE Recommendation 20 unit code', examples: ['C62'] }),
  unit_price: decimalText('Price of one unit, net or gross as prices_include_tax says', ['100.00']),
  discount: z.nullable(discount),
  discount_amount: money,
  net_amount: money,
  tax_category: taxCategory,
  tax_rate: taxRate,
  tax_exemption_reason: nullableText,
  tax_amount: money,
  total: money,
});

export const invoiceResponse = z
  .strictObject({
    id: idOfResource('inv'),
    invoice_number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    client: z.strictObject({ id: idOfResource('cli'), name: z.string() }),
    seller: z.nullable(sellerResponse),
    buyer: z.nullable(buyerResponse),
    issue_date: calendarDate,
    due_date: calendarDate,
    currency,
    locale: z.string(),
    supply_date: z.nullable(calendarDate),
    service_period: z.nullable(z.strictObject({ start: calendarDate, end: calendarDate })),
    buyer_reference: nullableText,
    purchase_order: nullableText,
    /** The structured creditor reference a transfer should carry, grouped as people write it; null on drafts and where the organization issues none (docs/reconciliation.md). */
    payment_reference: nullableText,
    line_items: z.array(invoiceLine),
    discount: z.nullable(discount),
    prices_include_tax: z.boolean(),
    tax_rounding: z.enum(TAX_ROUNDINGS),
    subtotal: money,
    discount_amount: money,
    taxable_amount: money,
    tax_amount: money,
    tax_breakdown: z.array(taxRow),
    ...inAccountingCurrency,
    total_amount: money,
    amount_paid: money,
    amount_credited: money,
    amount_refunded: money,
    amount_due: money,
    amount_refundable: money,
    notes: z.string(),
    terms: z.string(),
    public_url: z.url(),
    pdf_url: z.url(),
    sent_at: z.nullable(timestamp),
    paid_at: z.nullable(timestamp),
    voided_at: z.nullable(timestamp),
    sendings: z.array(z.union([sending, peppolSendingResponse])),
    reminders_paused: z.boolean(),
    /** The invoice this one refers to (BT-25/BT-26): the original of a late fee. */
    preceding_invoice: z.nullable(
      z.strictObject({ id: idOfResource('inv'), number: z.string(), issue_date: calendarDate }),
    ),
    /** The last day a late fee charged this invoice for; the next charge starts the day after. */
    late_fee_through: z.nullable(calendarDate),
    recurring_invoice: z.nullable(idOfResource('rec')),
    /** The quote it was made from (docs/quotes.md): a deposit, the final invoice, or the whole quote. */
    quote: z.nullable(
      z.strictObject({ id: idOfResource('quo'), quote_number: z.string(), kind: z.enum(QUOTE_INVOICE_KINDS) }),
    ),
    /** A deposit invoice's final invoice, which deducts it. */
    deducted_by: z.nullable(z.strictObject({ id: idOfResource('inv'), invoice_number: z.string() })),
    metadata: metadataResponse,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Invoice' });

export const invoicePage = pageOf(invoiceResponse).register(z.globalRegistry, { id: 'InvoicePage' });

/** A payment recorded by hand: the payment, with the invoice after it in place of the invoice's id. */
export const recordedPaymentResponse = z
  .strictObject({ ...paymentResponse.def.shape, invoice: invoiceResponse })
  .register(z.globalRegistry, { id: 'RecordedPayment' });

const _agree: [Same<z.output<typeof invoiceResponse>, ReturnType<typeof invoiceResource>>] = [true];

export const reminderResponse = z
  .strictObject({
    step: z.nullable(z.number()),
    offset_days: z.nullable(z.number()),
    sent_at: timestamp,
    to: z.string(),
    ...delivery,
  })
  .register(z.globalRegistry, {
    id: 'Reminder',
    description: 'One reminder of an invoice: a step of the schedule (1-based), or null when sent by hand',
  });

const _agreeReminder: [Same<z.output<typeof reminderResponse>, ReturnType<typeof reminderResource>>] = [true];

export const reminderList = pageOf(reminderResponse).register(z.globalRegistry, { id: 'ReminderList' });

export const lateFeeResponse = z
  .strictObject({
    invoice: invoiceResponse,
    breakdown: z.strictObject({
      as_of: calendarDate,
      rows: z.array(
        z.strictObject({
          from: calendarDate,
          to: calendarDate,
          days: z.number(),
          base: money,
          rate: z.string(),
          interest: money,
        }),
      ),
      interest: money,
      compensation: money,
      total: money,
    }),
  })
  .register(z.globalRegistry, {
    id: 'LateFee',
    description: 'The late-fee invoice and how it was computed: interest per period of one base and rate',
  });
